// libFuzzer target: any bytes given as a teacher's lesson file. The reader either refuses them
// with a message (std::runtime_error naming the line and field) or returns a lesson whose
// questions, made against its (small) trace, either agree or are refused: no crash, no hang, no
// sanitizer report.
#include <cstddef>
#include <cstdint>
#include <string>

#include "analysis/questions.h"
#include "capture/capture.h"
#include "model/lessons.h"

using namespace scanscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Lesson lesson;
    try {
        lesson = parse_lesson(std::string(reinterpret_cast<const char*>(data), size), "fuzz.json");
    } catch (const std::runtime_error&) {
        return 0;
    }
    if (lesson.request.n > 64) return 0;  // keep each input fast
    try {
        const Trace t = capture_trace(lesson.request, lesson_input(lesson), DeviceChoice::Cpu);
        scripted_questions(t, lesson.questions, {t.request.banks, t.bank_width_bytes});
        for (int f = 1; f < int(t.frame_count()); ++f)
            default_question(t, {false, f, 0}, {t.request.banks, t.bank_width_bytes});
    } catch (const std::runtime_error&) {
    } catch (const std::invalid_argument&) {}
    return 0;
}
