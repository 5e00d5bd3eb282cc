// libFuzzer target: any bytes given as a trace file. The reader either refuses them with a
// TraceFormatError or returns a trace that the consistency check, the analyses and every view
// can take: no crash, no hang, no sanitizer report.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "analysis/banks.h"
#include "analysis/consistency.h"
#include "analysis/hazards.h"
#include "analysis/questions.h"
#include "model/trace_json.h"
#include "player/session.h"
#include "player/view_scene.h"

using namespace scanscope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const nlohmann::json document =
        nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
    if (document.is_discarded()) return 0;
    Trace trace;
    try {
        trace = trace_from_json(document);
    } catch (const TraceFormatError&) {
        return 0;
    }
    first_inconsistency(trace);
    find_hazards(trace);
    static const Theme theme = builtin_theme("dark");
    Session session;
    session.load(trace);
    session.set_compare(trace);
    for (const ViewInfo& view : all_views()) {
        if (!view_applies(view.kind, trace)) continue;
        session.view = view.kind;
        for (int block : {0, trace.max_grid() - 1}) {
            session.block = block;
            session.timeline().home();
            build_view_scene(session, theme);
            session.timeline().end();
            build_view_scene(session, theme);
        }
    }
    // Predict mode's questions on the first steps and events.
    const BankConfig banks{trace.request.banks, trace.bank_width_bytes};
    for (int f = 1; f < int(std::min<std::size_t>(trace.frame_count(), 6)); ++f)
        try {
            default_question(trace, {false, f, 0}, banks);
        } catch (const std::invalid_argument&) {}
    for (int e = 0; e < std::min(session.events.size(), 40); ++e)
        default_question(trace, {true, e, 0}, banks);
    return 0;
}
