#include "oracle_tool.h"

#include <sanitizer.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace scanscope::oracle {
namespace {

struct Tool {
    std::mutex mutex;
    std::string status = "not loaded";
    std::string errors;
    std::string kernel;
    StoreLog* log = nullptr;
    int launches = 0;
};

Tool& tool() {
    static Tool t;
    return t;
}

std::string result(SanitizerResult r) {
    const char* text = nullptr;
    sanitizerGetResultString(r, &text);
    return text ? text : "sanitizer error " + std::to_string(int(r));
}

void note(const std::string& what, SanitizerResult r) {
    if (r != SANITIZER_SUCCESS) tool().errors += what + ": " + result(r) + "\n";
}

void module_loaded(const Sanitizer_ResourceModuleData& data) {
    note("sanitizerAddPatchesFromFile(" SCANSCOPE_ORACLE_PATCHES ")",
         sanitizerAddPatchesFromFile(SCANSCOPE_ORACLE_PATCHES, data.context));
    note("patch shared accesses",
         sanitizerPatchInstructions(SANITIZER_INSTRUCTION_SHARED_MEMORY_ACCESS, data.module,
                                    "ScanScopeSharedAccess"));
    note("patch barriers", sanitizerPatchInstructions(SANITIZER_INSTRUCTION_BARRIER, data.module,
                                                      "ScanScopeBarrier"));
    note("sanitizerPatchModule", sanitizerPatchModule(data.module));
}

void launch_begins(const Sanitizer_LaunchData& data) {
    const std::string name = data.functionName ? data.functionName : "";
    StoreLog* log = nullptr;
    if (!tool().kernel.empty() && name.find(tool().kernel) != std::string::npos) {
        log = tool().log;
        ++tool().launches;
    }
    note("sanitizerSetLaunchCallbackData",
         sanitizerSetLaunchCallbackData(data.hLaunch, data.function, data.hStream, log));
}

void SANITIZERAPI on_event(void*, Sanitizer_CallbackDomain domain, Sanitizer_CallbackId id,
                           const void* data) {
    static const bool debug = std::getenv("SCANSCOPE_ORACLE_DEBUG") != nullptr;
    if (debug)
        std::fprintf(stderr, "[oracle] domain %d event %d %s\n", int(domain), int(id),
                     domain == SANITIZER_CB_DOMAIN_LAUNCH && id == SANITIZER_CBID_LAUNCH_BEGIN
                         ? static_cast<const Sanitizer_LaunchData*>(data)->functionName
                         : "");
    std::lock_guard<std::mutex> lock(tool().mutex);
    if (domain == SANITIZER_CB_DOMAIN_RESOURCE && id == SANITIZER_CBID_RESOURCE_MODULE_LOADED)
        module_loaded(*static_cast<const Sanitizer_ResourceModuleData*>(data));
    if (domain == SANITIZER_CB_DOMAIN_LAUNCH && id == SANITIZER_CBID_LAUNCH_BEGIN)
        launch_begins(*static_cast<const Sanitizer_LaunchData*>(data));
}

// Before any CUDA call: the sanitizer must see the modules load.
int subscribe() {
    Sanitizer_SubscriberHandle handle;
    SanitizerResult r = sanitizerSubscribe(&handle, on_event, nullptr);
    if (r == SANITIZER_SUCCESS) r = sanitizerEnableDomain(1, handle, SANITIZER_CB_DOMAIN_RESOURCE);
    if (r == SANITIZER_SUCCESS) r = sanitizerEnableDomain(1, handle, SANITIZER_CB_DOMAIN_LAUNCH);
    tool().status = r == SANITIZER_SUCCESS ? "" : "sanitizerSubscribe: " + result(r);
    return 0;
}

const int subscribed = subscribe();

}  // namespace

std::string tool_status() {
    (void)subscribed;
    std::lock_guard<std::mutex> lock(tool().mutex);
    return tool().status;
}

void arm(const std::string& kernel, StoreLog* device_log) {
    std::lock_guard<std::mutex> lock(tool().mutex);
    tool().kernel = kernel;
    tool().log = device_log;
    tool().launches = 0;
}

void disarm() {
    std::lock_guard<std::mutex> lock(tool().mutex);
    tool().kernel.clear();
    tool().log = nullptr;
}

int armed_launches() {
    std::lock_guard<std::mutex> lock(tool().mutex);
    return tool().launches;
}

std::string patch_errors() {
    std::lock_guard<std::mutex> lock(tool().mutex);
    return tool().errors;
}

}  // namespace scanscope::oracle
