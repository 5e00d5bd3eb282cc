// The stb implementations the desktop build links from Debian's libstb (ImGui's font rasterizer
// and rectangle packer, the PNG writer): the browser build compiles them here from libstb-dev's
// headers (see third_party/web.cmake).
#define STB_RECT_PACK_IMPLEMENTATION
#include <stb/stb_rect_pack.h>
#define STB_TRUETYPE_IMPLEMENTATION
#include <stb/stb_truetype.h>
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>
