#include "gui/trace_files.h"

#include <filesystem>

#include "gui/capture_jobs.h"
#include "model/trace_json.h"
#include "platform/browser.h"

namespace scanscope {

namespace {

void warn_if_contradicted(AppState& state, const std::string& name, const std::string& problem) {
    if (!problem.empty())
        state.notify(Notice::Level::Warning, "'" + name + "' contradicts itself at " + problem);
}

void load_and_announce(AppState& state, const std::string& path, const std::string& name,
                       bool announce) {
    Trace trace = load_trace(path);
    form_from_trace(state.form, trace);
    state.session.load(std::move(trace), Session::Origin::File);
    state.session.clear_compare();
    state.start_predicting({}, state.session.trace().request.variant);
    if (announce)
        state.notify(Notice::Level::Info, "opened '" + name + "' (captured on " +
                                              state.session.trace().source.device + ")");
    warn_if_contradicted(state, name, state.session.inconsistency());
}

}  // namespace

bool open_trace_into(AppState& state, const std::string& path, const std::string& name) {
    try {
        load_and_announce(state, path, name, true);
        return true;
    } catch (const std::exception& e) {
        state.notify(Notice::Level::Error, e.what());
        return false;
    }
}

void load_trace_into(AppState& state, const std::string& path, const std::string& name) {
    load_and_announce(state, path, name, false);
}

bool compare_with_file(AppState& state, const std::string& path) {
    state.session.set_compare(load_trace(path), Session::Origin::File);
    warn_if_contradicted(state, path, state.session.compare_inconsistency());
    return state.session.compare_inconsistency().empty();
}

bool save_trace_from(AppState& state, const std::string& path) {
    try {
        save_trace(state.session.trace(), path);
        if (kInBrowser) {
            offer_download(path, std::filesystem::path(path).filename().string(),
                           "application/json");
            state.notify(Notice::Level::Info, "downloading '" + path + "'");
        } else {
            state.notify(Notice::Level::Info, "saved '" + path + "'");
        }
        return true;
    } catch (const std::exception& e) {
        state.notify(Notice::Level::Error, e.what());
        return false;
    }
}

}  // namespace scanscope
