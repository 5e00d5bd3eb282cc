# How ScanScope installs (cmake --install) and packages (cpack -G DEB): the binary, lessons and
# templates under share/scanscope, a desktop entry, an icon, AppStream metainfo and a man page
# made from --help (help2man, where installed). Other distributions package the same tree.

set(packaging ${PROJECT_SOURCE_DIR}/assets/packaging)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/ DESTINATION share/scanscope/assets
        PATTERN screenshots EXCLUDE PATTERN packaging EXCLUDE)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/shaders/ DESTINATION share/scanscope/shaders)
install(FILES ${packaging}/scanscope.desktop DESTINATION share/applications)
install(FILES ${packaging}/io.github.scanscope.scanscope.metainfo.xml DESTINATION share/metainfo)
install(FILES ${packaging}/scanscope.svg DESTINATION share/icons/hicolor/scalable/apps)

# The man page, from the program's own --help and --version, when it is built.
find_program(HELP2MAN help2man)
if(HELP2MAN)
    set(man_page ${CMAKE_BINARY_DIR}/man/scanscope.1)
    add_custom_command(
        OUTPUT ${man_page}.gz
        COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
        COMMAND ${HELP2MAN} --no-info --no-discard-stderr
                --name "watch GPU scans and reductions step by step" --section 1
                --output ${man_page} $<TARGET_FILE:scanscope>
        COMMAND gzip -9 -n -f ${man_page}
        DEPENDS scanscope
        COMMENT "Making the man page from scanscope --help")
    add_custom_target(scanscope_man_page ALL DEPENDS ${man_page}.gz)
    install(FILES ${man_page}.gz DESTINATION share/man/man1)
else()
    message(STATUS "help2man not found: no man page (apt-get install help2man)")
endif()

set(CPACK_PACKAGE_NAME scanscope)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Watch GPU scans and reductions step by step")
set(CPACK_PACKAGE_CONTACT "ScanScope developers <scanscope@users.noreply.github.com>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # scanscope_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "Watch GPU scans and reductions step by step\n"
    "ScanScope runs each parallel scan and reduction on the GPU (or its CPU emulation), records "
    "every step and animates it, beside timings of the same kernels. With the CUDA toolkit's "
    "NVRTC installed, students' kernels run on the GPU too.")
# The libraries it links, by dpkg-shlibdeps; what it runs or reads, by name.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core, bubblewrap")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "g++")  # compiles students' kernels for the emulation
include(CPack)
