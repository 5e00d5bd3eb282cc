#include "model/trace_json.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "model/values.h"
#include "platform/file_write.h"
#include "platform/memory.h"
#include "variants/registry.h"

namespace scanscope {
namespace {

using json = nlohmann::json;
using ordered = nlohmann::ordered_json;

const char* boundary_name(StepBoundary b) {
    switch (b) {
        case StepBoundary::Start:
            return "start";
        case StepBoundary::Block:
            return "block";
        case StepBoundary::Warp:
            return "warp";
    }
    return "start";
}

const char* kind_name(AccessKind k) {
    switch (k) {
        case AccessKind::Read:
            return "read";
        case AccessKind::Write:
            return "write";
        case AccessKind::Shuffle:
            return "shuffle";
    }
    return "read";
}

const char* status_name(TileStatus s) {
    switch (s) {
        case TileStatus::Invalid:
            return "invalid";
        case TileStatus::Aggregate:
            return "aggregate";
        case TileStatus::Prefix:
            return "prefix";
    }
    return "invalid";
}

// Which kind of value each shared word holds, from the arrays that cover it.
std::vector<ElementKind> word_kinds(const Launch& launch, ElementKind fallback) {
    std::vector<ElementKind> kinds(launch.shared_bytes / 4, fallback);
    for (const SharedArrayInfo& a : launch.arrays)
        for (std::uint32_t i = 0; i < a.count; ++i) {
            const std::size_t w = (a.offset + i * a.element_bytes) / 4;
            if (w < kinds.size()) kinds[w] = a.kind;
        }
    return kinds;
}

ElementKind access_kind(const Launch& launch, const WarpAccess& a, ElementKind fallback) {
    return a.kind != AccessKind::Shuffle && a.array < launch.arrays.size()
               ? launch.arrays[a.array].kind
               : fallback;
}

ordered step_to_json(const Launch& l, const Step& s, const std::vector<ElementKind>& kinds,
                     ElementKind element) {
    ordered step;
    step["block"] = s.block;
    step["index"] = s.index;
    step["line"] = s.line;
    step["boundary"] = boundary_name(s.boundary);
    step["vars"] = s.vars;
    step["snapshot"] = s.snapshot_at_barrier ? "barrier" : "derived";
    ordered shared = ordered::array();
    for (std::size_t w = 0; w < s.shared.size(); ++w)
        shared.push_back(s.defined[w] ? ordered(value_to_json(s.shared[w], kinds[w]))
                                      : ordered(nullptr));
    step["shared"] = std::move(shared);
    ordered accesses = ordered::array();
    for (const WarpAccess& a : s.accesses) {
        const ElementKind k = access_kind(l, a, element);
        ordered lanes = ordered::array();
        for (const LaneAccess& lane : a.lanes)
            lanes.push_back(
                ordered::array({lane.lane, lane.address, value_to_json(lane.value, k)}));
        ordered access = {{"warp", a.warp},
                          {"line", a.line},
                          {"occurrence", a.occurrence},
                          {"kind", kind_name(a.kind)},
                          {"array", a.array},
                          {"bytes", a.bytes}};
        if (a.atomic) access["atomic"] = true;
        access["lanes"] = std::move(lanes);
        accesses.push_back(std::move(access));
    }
    step["accesses"] = std::move(accesses);
    return step;
}

// A launch; without its steps, a placeholder stands where they go (save_trace writes them one
// at a time).
constexpr const char* kStepsPlaceholder = "\x01steps\x01";
// `element`: the kind of the input, output and shared values; `counts`: of the globals and tile
// descriptors (global_value_kind).
ordered launch_to_json(const Launch& l, ElementKind element, ElementKind counts,
                       bool with_steps = true) {
    ordered j;
    j["name"] = l.name;
    j["grid"] = l.grid;
    j["block"] = l.block;
    j["shared_bytes"] = l.shared_bytes;
    if (l.tiles) j["tiles"] = l.tiles;
    if (!l.stopped.empty()) j["stopped"] = l.stopped;
    j["arrays"] = ordered::array();
    for (const SharedArrayInfo& a : l.arrays)
        j["arrays"].push_back({{"name", a.name},
                               {"offset", a.offset},
                               {"count", a.count},
                               {"element_bytes", a.element_bytes},
                               {"kind", a.kind == ElementKind::Float ? "float" : "int"}});
    const std::vector<ElementKind> kinds = word_kinds(l, element);
    j["steps"] = ordered::array();
    if (with_steps)
        for (const Step& s : l.steps)
            j["steps"].push_back(step_to_json(l, s, kinds, element));
    else
        j["steps"] = kStepsPlaceholder;
    j["globals"] = ordered::array();
    for (const GlobalBuffer& g : l.globals) {
        ordered values = ordered::array();
        for (std::uint64_t v : g.values) {
            if (g.element_bytes == 8)
                values.push_back(ordered::array({status_name(static_cast<TileStatus>(v >> 32)),
                                                 value_to_json(std::uint32_t(v), counts)}));
            else
                values.push_back(value_to_json(std::uint32_t(v), counts));
        }
        j["globals"].push_back(
            {{"name", g.name}, {"element_bytes", g.element_bytes}, {"values", std::move(values)}});
    }
    if (!l.barrier_splits.empty()) {
        j["barrier_splits"] = ordered::array();
        for (const BarrierSplit& s : l.barrier_splits)
            j["barrier_splits"].push_back(
                {{"block", s.block}, {"step", s.step}, {"lines", s.lines}});
    }
    j["events"] = ordered::array();
    for (const TileEvent& e : l.events)
        j["events"].push_back(
            {{"tile", e.tile},
             {"target", e.target},
             {"kind", e.kind == std::uint16_t(TileEventKind::Publish) ? "publish" : "read"},
             {"status", status_name(static_cast<TileStatus>(e.status))},
             {"value", value_to_json(e.value, counts)},
             {"time_ns", e.time_ns}});
    return j;
}

// Walks a JSON document, naming the path of whatever is wrong.
class Reader {
  public:
    Reader(const json& node, std::string path) : node_(node), path_(std::move(path)) {}

    Reader operator[](const char* key) const {
        if (!node_.is_object()) fail("expected an object");
        auto it = node_.find(key);
        if (it == node_.end()) fail(std::string("missing \"") + key + "\"");
        return Reader(*it, path_ + "." + key);
    }
    Reader operator[](std::size_t i) const {
        return Reader(node_[i], path_ + "[" + std::to_string(i) + "]");
    }
    Reader operator[](int i) const { return (*this)[std::size_t(i)]; }
    bool has(const char* key) const { return node_.is_object() && node_.contains(key); }
    std::size_t size() const {
        if (!node_.is_array()) fail("expected an array");
        return node_.size();
    }
    std::int64_t integer(std::int64_t lo, std::int64_t hi) const {
        std::int64_t v = 0;
        if (!node_.is_number_integer()) fail("expected an integer");
        if (!json_to_int64(node_, v) || v < lo || v > hi)
            fail("expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
        return v;
    }
    std::uint64_t unsigned64() const {
        if (!node_.is_number_unsigned() &&
            !(node_.is_number_integer() && node_.get<std::int64_t>() >= 0))
            fail("expected a non-negative integer");
        return node_.get<std::uint64_t>();
    }
    // A string of at most `most` bytes: every view can draw what the loader accepts.
    std::string text(std::size_t most = kMaxTraceName) const {
        if (!node_.is_string()) fail("expected a string");
        std::string s = node_.get<std::string>();
        if (s.size() > most)
            fail("a text of " + std::to_string(s.size()) + " characters; at most " +
                 std::to_string(most));
        return s;
    }
    bool flag() const {
        if (!node_.is_boolean()) fail("expected true or false");
        return node_.get<bool>();
    }
    std::uint32_t value(ElementKind kind) const {
        try {
            return value_from_json(node_, kind);
        } catch (const std::invalid_argument& e) {
            fail(e.what());
        }
    }
    template <class Enum>
    Enum one_of(std::initializer_list<std::pair<const char*, Enum>> names) const {
        const std::string s = text();
        std::string expected;
        for (const auto& [name, value] : names) {
            if (s == name) return value;
            expected += std::string(expected.empty() ? "" : ", ") + "\"" + name + "\"";
        }
        fail("expected one of " + expected + ", got \"" + s + "\"");
    }
    const json& node() const { return node_; }
    [[noreturn]] void fail(const std::string& message) const {
        throw TraceFormatError(path_ + ": " + message);
    }

  private:
    const json& node_;
    std::string path_;
};

constexpr std::int64_t kMaxInt = std::numeric_limits<std::int32_t>::max();

// Values a label names "in" or "out" are the ping-pong buffers' numbers: 0 or 1.
bool buffer_vars_ok(const std::vector<StepLabel>& labels, const Step& step) {
    for (const StepLabel& label : labels) {
        if (label.id != step.line) continue;
        for (std::size_t v = 0; v < label.vars.size() && v < step.vars.size(); ++v)
            if ((label.vars[v] == "in" || label.vars[v] == "out") &&
                (step.vars[v] < 0 || step.vars[v] > 1))
                return false;
    }
    return true;
}

Launch launch_from_json(const Reader& r, ElementKind element, ElementKind counts,
                        const std::vector<StepLabel>& labels) {
    Launch l;
    l.name = r["name"].text();
    l.grid = int(r["grid"].integer(1, kMaxTraceGrid));
    l.block = int(r["block"].integer(1, 1024));
    l.shared_bytes = std::uint32_t(r["shared_bytes"].integer(0, 1 << 30));
    if (l.shared_bytes % 4) r["shared_bytes"].fail("must be whole 4-byte words");
    if (r.has("tiles")) {  // version 2: a persistent kernel's tiles, at least one a block
        l.tiles = int(r["tiles"].integer(l.grid, kMaxTraceTiles));
    }
    const std::size_t words = l.shared_bytes / 4;
    const Reader arrays = r["arrays"];
    for (std::size_t i = 0; i < arrays.size(); ++i) {
        const Reader a = arrays[i];
        SharedArrayInfo info;
        info.name = a["name"].text();
        info.offset = std::uint32_t(a["offset"].integer(0, l.shared_bytes));
        info.count = std::uint32_t(a["count"].integer(0, words));
        info.element_bytes = std::uint16_t(a["element_bytes"].integer(4, 4));
        info.kind = a["kind"].one_of<ElementKind>(
            {{"int", ElementKind::Int}, {"float", ElementKind::Float}});
        if (info.offset + info.count * info.element_bytes > l.shared_bytes)
            a.fail("extends past shared memory");
        l.arrays.push_back(info);
    }
    const std::vector<ElementKind> kinds = word_kinds(l, element);
    const int warps = (l.block + 31) / 32;
    const Reader steps = r["steps"];
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const Reader s = steps[i];
        Step step;
        step.block = int(s["block"].integer(0, l.grid - 1));
        step.index = int(s["index"].integer(0, kMaxInt));
        step.line = std::uint16_t(s["line"].integer(0, 65535));
        step.boundary = s["boundary"].one_of<StepBoundary>({{"start", StepBoundary::Start},
                                                            {"block", StepBoundary::Block},
                                                            {"warp", StepBoundary::Warp}});
        const Reader vars = s["vars"];
        if (vars.size() > std::size_t(kMaxStepVars)) vars.fail("at most 3 values");
        for (std::size_t v = 0; v < vars.size(); ++v)
            step.vars.push_back(
                std::int32_t(vars[v].integer(std::numeric_limits<std::int32_t>::min(), kMaxInt)));
        step.snapshot_at_barrier =
            s["snapshot"].one_of<bool>({{"barrier", true}, {"derived", false}});
        const Reader shared = s["shared"];
        if (shared.size() != words)
            shared.fail("has " + std::to_string(shared.size()) + " words; shared_bytes says " +
                        std::to_string(words));
        step.shared.resize(words);
        step.defined.resize(words);
        for (std::size_t w = 0; w < words; ++w) {
            if (shared[w].node().is_null()) continue;
            step.shared[w] = shared[w].value(kinds[w]);
            step.defined[w] = 1;
        }
        const Reader accesses = s["accesses"];
        for (std::size_t k = 0; k < accesses.size(); ++k) {
            const Reader a = accesses[k];
            WarpAccess access;
            access.warp = int(a["warp"].integer(0, warps - 1));
            access.line = std::uint16_t(a["line"].integer(0, 65535));
            access.occurrence = std::uint16_t(a["occurrence"].integer(0, 65535));
            access.kind = a["kind"].one_of<AccessKind>({{"read", AccessKind::Read},
                                                        {"write", AccessKind::Write},
                                                        {"shuffle", AccessKind::Shuffle}});
            access.array = std::uint8_t(a["array"].integer(0, 255));
            if (access.kind != AccessKind::Shuffle && access.array >= l.arrays.size())
                a["array"].fail("names no shared array");
            access.bytes = std::uint16_t(a["bytes"].integer(4, 4));
            if (a.has("atomic")) access.atomic = a["atomic"].flag();
            const ElementKind vk = access_kind(l, access, element);
            const Reader lanes = a["lanes"];
            for (std::size_t n = 0; n < lanes.size(); ++n) {
                const Reader lane = lanes[n];
                if (lane.size() != 3) lane.fail("expected [lane, address, value]");
                LaneAccess la;
                la.lane = int(lane[0].integer(0, 31));
                la.address = std::uint32_t(lane[1].integer(
                    0, access.kind == AccessKind::Shuffle ? 31 : std::int64_t(l.shared_bytes) - 4));
                la.value = lane[2].value(vk);
                access.lanes.push_back(la);
            }
            step.accesses.push_back(std::move(access));
        }
        // Steps come block by block, numbered from 0 within each block: the views find a block's
        // step k at first_step(block) + k.
        const int expected =
            l.steps.empty() || l.steps.back().block != step.block ? 0 : l.steps.back().index + 1;
        if (!l.steps.empty() && step.block < l.steps.back().block)
            s["block"].fail("steps must come block by block, in order (block " +
                            std::to_string(step.block) + " after block " +
                            std::to_string(l.steps.back().block) + ")");
        if (step.index != expected)
            s["index"].fail("expected " + std::to_string(expected) +
                            " (steps are numbered from 0 within each block, in order)");
        if (!buffer_vars_ok(labels, step)) s["vars"].fail("names a buffer other than 0 or 1");
        l.steps.push_back(std::move(step));
    }
    for (int b = 0, at = 0; b < l.grid; ++b) {
        if (at >= int(l.steps.size()) || l.steps[std::size_t(at)].block != b)
            steps.fail("block " + std::to_string(b) + " of the grid of " + std::to_string(l.grid) +
                       " has no steps");
        while (at < int(l.steps.size()) && l.steps[std::size_t(at)].block == b)
            ++at;
    }
    const Reader globals = r["globals"];
    for (std::size_t i = 0; i < globals.size(); ++i) {
        const Reader g = globals[i];
        GlobalBuffer buffer;
        buffer.name = g["name"].text();
        buffer.element_bytes = int(g["element_bytes"].integer(4, 8));
        const Reader values = g["values"];
        for (std::size_t v = 0; v < values.size(); ++v) {
            if (buffer.element_bytes == 8) {
                const Reader pair = values[v];
                if (pair.size() != 2) pair.fail("expected [status, value]");
                const TileStatus status =
                    pair[0].one_of<TileStatus>({{"invalid", TileStatus::Invalid},
                                                {"aggregate", TileStatus::Aggregate},
                                                {"prefix", TileStatus::Prefix}});
                buffer.values.push_back((std::uint64_t(status) << 32) | pair[1].value(counts));
            } else {
                buffer.values.push_back(values[v].value(counts));
            }
        }
        l.globals.push_back(std::move(buffer));
    }
    if (r.has("stopped"))  // version 3: the kernel stopped with an error
        l.stopped = r["stopped"].text(kMaxTraceNarration);
    if (r.has("barrier_splits")) {  // optional: where the emulation saw a barrier split
        const Reader splits = r["barrier_splits"];
        for (std::size_t i = 0; i < splits.size(); ++i) {
            const Reader s = splits[i];
            BarrierSplit split;
            split.block = int(s["block"].integer(0, l.grid - 1));
            split.step = int(s["step"].integer(0, std::max(l.steps_of(split.block) - 1, 0)));
            const Reader lines = s["lines"];
            if (int(lines.size()) != l.block) lines.fail("one line for each thread of the block");
            for (std::size_t t = 0; t < lines.size(); ++t)
                split.lines.push_back(std::uint16_t(lines[t].integer(0, 65535)));
            l.barrier_splits.push_back(std::move(split));
        }
    }
    const Reader events = r["events"];
    for (std::size_t i = 0; i < events.size(); ++i) {
        const Reader e = events[i];
        TileEvent event{};
        event.tile = std::uint32_t(e["tile"].integer(0, l.tile_count() - 1));
        event.kind = std::uint16_t(e["kind"].one_of<TileEventKind>(
            {{"publish", TileEventKind::Publish}, {"read", TileEventKind::Read}}));
        // A tile publishes its own descriptor and reads only earlier tiles'.
        event.target = std::uint32_t(e["target"].integer(0, event.tile));
        if ((event.kind == std::uint16_t(TileEventKind::Publish)) != (event.target == event.tile))
            e["target"].fail(event.kind == std::uint16_t(TileEventKind::Publish)
                                 ? "a tile publishes its own descriptor"
                                 : "a tile looks back at earlier tiles only");
        event.status =
            std::uint16_t(e["status"].one_of<TileStatus>({{"invalid", TileStatus::Invalid},
                                                          {"aggregate", TileStatus::Aggregate},
                                                          {"prefix", TileStatus::Prefix}}));
        event.value = e["value"].value(counts);
        event.time_ns = e["time_ns"].unsigned64();
        l.events.push_back(event);
    }
    return l;
}

}  // namespace

nlohmann::ordered_json trace_to_json(const Trace& t) {
    const ElementKind element = kind_of(t.request.type);
    ordered j;
    j["format"] = kTraceFormat;
    j["version"] = t.version;
    j["variant"] = t.request.variant;
    j["config"] = {{"type", type_name(t.request.type)},
                   {"op", op_name(t.request.op)},
                   {"inclusive", t.request.inclusive},
                   {"n", t.request.n},
                   {"banks", t.request.banks},
                   {"bank_width_bytes", t.bank_width_bytes},
                   {"block_threads", t.request.block_threads},
                   {"shape", t.request.shape == KernelShape::Timed ? "timed" : "teaching"},
                   {"schedule_seed", t.request.schedule_seed}};
    if (!t.request.heads.empty()) j["config"]["heads"] = t.request.heads;  // a segmented scan's
    if (t.request.width) j["config"]["width"] = t.request.width;           // a summed-area table's
    if (t.request.key_bits) j["config"]["key_bits"] = t.request.key_bits;  // a radix sort's passes
    if (!(t.request.keep == KeepRule{}))  // a compaction's rule, when not the default "non-zero"
        j["config"]["keep"] = keep_rule_text(t.request.keep);
    j["source"] = {{"kind", t.source.kind},
                   {"device", t.source.device},
                   {"scanscope", t.source.scanscope_version},
                   {"captured_at", t.source.captured_at}};
    j["input"] = ordered::array();
    for (std::uint32_t v : t.input)
        j["input"].push_back(value_to_json(v, element));
    j["output"] = ordered::array();
    for (std::uint32_t v : t.output)
        j["output"].push_back(value_to_json(v, element));
    j["listing"] = ordered::array();
    for (const ListingLine& line : t.listing)
        j["listing"].push_back({{"id", line.id}, {"text", line.text}});
    j["labels"] = ordered::array();
    for (const StepLabel& label : t.labels)
        j["labels"].push_back({{"id", label.id},
                               {"phase", label.phase},
                               {"vars", label.vars},
                               {"narration", label.narration}});
    j["launches"] = ordered::array();
    for (const Launch& l : t.launches)
        j["launches"].push_back(launch_to_json(l, element, global_value_kind(t.request)));
    return j;
}

Trace trace_from_json(const nlohmann::json& document) {
    const Reader root(document, "trace");
    if (!document.is_object() || !root.has("format") || !document["format"].is_string() ||
        document["format"].get<std::string>() != kTraceFormat)
        throw TraceFormatError("not a ScanScope trace (it lacks \"format\": \"scanscope-trace\")");
    Trace t;
    t.version = int(root["version"].integer(1, kMaxInt));
    if (t.version > kTraceVersion)
        throw TraceFormatError("trace format version " + std::to_string(t.version) +
                               " is newer than this ScanScope reads (" +
                               std::to_string(kTraceVersion) + "); update ScanScope");
    t.request.variant = root["variant"].text();
    const Reader config = root["config"];
    t.request.type = config["type"].one_of<ElementType>(
        {{"int32", ElementType::Int32}, {"float32", ElementType::Float32}});
    t.request.op = config["op"].one_of<OpKind>({{"add", OpKind::Add}, {"max", OpKind::Max}});
    t.request.inclusive = config["inclusive"].flag();
    t.request.n = int(config["n"].integer(0, kMaxInt));
    t.request.banks = int(config["banks"].integer(16, 32));
    if (t.request.banks != 16 && t.request.banks != 32) config["banks"].fail("expected 16 or 32");
    t.bank_width_bytes = int(config["bank_width_bytes"].integer(4, 8));
    if (t.bank_width_bytes != 4 && t.bank_width_bytes != 8)
        config["bank_width_bytes"].fail("expected 4 or 8");
    t.request.block_threads = int(config["block_threads"].integer(0, 1024));
    t.request.schedule_seed = config["schedule_seed"].unsigned64();
    if (config.has("shape"))  // absent in traces from before the timed shapes: teaching
        t.request.shape = config["shape"].one_of<KernelShape>(
            {{"teaching", KernelShape::Teaching}, {"timed", KernelShape::Timed}});
    if (config.has("width")) {  // a summed-area table's: n a multiple of it
        t.request.width = int(config["width"].integer(1, std::max(t.request.n, 1)));
        if (t.request.n % t.request.width != 0)
            config["width"].fail("n is not a multiple of the width");
    }
    if (config.has("keep")) {  // a compaction's rule
        try {
            t.request.keep = parse_keep_rule(config["keep"].text());
        } catch (const std::invalid_argument& e) {
            config["keep"].fail(e.what());
        }
    }
    if (config.has("key_bits"))  // a radix sort's passes, one a bit
        t.request.key_bits = int(config["key_bits"].integer(1, 32));
    if (config.has("heads")) {  // a segmented scan's segments: increasing, each below n
        const Reader heads = config["heads"];
        for (std::size_t i = 0; i < heads.size(); ++i) {
            const int head = int(heads[i].integer(0, std::max(t.request.n - 1, 0)));
            if (i > 0 && head <= t.request.heads.back()) heads[i].fail("heads must increase");
            t.request.heads.push_back(head);
        }
    }
    const Reader source = root["source"];
    t.source = {source["kind"].text(), source["device"].text(kMaxTraceNarration),
                source["scanscope"].text(), source["captured_at"].text()};

    const ElementKind element = kind_of(t.request.type);
    const Reader input = root["input"];
    if (input.size() != std::size_t(t.request.n))
        input.fail("has " + std::to_string(input.size()) + " values; config.n says " +
                   std::to_string(t.request.n));
    for (std::size_t i = 0; i < input.size(); ++i)
        t.input.push_back(input[i].value(element));
    const Reader output = root["output"];
    for (std::size_t i = 0; i < output.size(); ++i)
        t.output.push_back(output[i].value(element));
    const Reader listing = root["listing"];
    if (listing.size() > kMaxTraceListing)
        listing.fail("at most " + std::to_string(kMaxTraceListing) + " lines");
    for (std::size_t i = 0; i < listing.size(); ++i)
        t.listing.push_back({std::uint16_t(listing[i]["id"].integer(0, 65535)),
                             listing[i]["text"].text(kMaxTraceLine)});
    const Reader labels = root["labels"];
    if (labels.size() > kMaxTraceListing)
        labels.fail("at most " + std::to_string(kMaxTraceListing) + " labels");
    for (std::size_t i = 0; i < labels.size(); ++i) {
        StepLabel label;
        label.id = std::uint16_t(labels[i]["id"].integer(0, 65535));
        label.phase = labels[i]["phase"].text();
        const Reader vars = labels[i]["vars"];
        if (vars.size() > std::size_t(kMaxStepVars)) vars.fail("at most 3 names");
        for (std::size_t v = 0; v < vars.size(); ++v)
            label.vars.push_back(vars[v].text());
        label.narration = labels[i]["narration"].text(kMaxTraceNarration);
        t.labels.push_back(std::move(label));
    }
    const Reader launches = root["launches"];
    if (launches.size() == 0) launches.fail("a trace has at least one launch");
    for (std::size_t i = 0; i < launches.size(); ++i)
        t.launches.push_back(
            launch_from_json(launches[i], element, global_value_kind(t.request), t.labels));
    // A student's kernel captured elsewhere: the trace carries its card (listing, labels, arrays).
    if (is_student_key(t.request.variant) && !find_variant(t.request.variant)) {
        VariantInfo card;
        card.key = t.request.variant;
        card.name = t.request.variant.substr(std::string(kStudentPrefix).size()) + " (a kernel)";
        card.algorithm = Algorithm::Scan;
        card.source = "a student's kernel (from the trace file)";
        card.listing = t.listing;
        card.labels = t.labels;
        for (const SharedArrayInfo& a : t.launches.front().arrays)
            card.shared_arrays.push_back(a.name);
        card.max_n = t.request.n;
        card.tree_view = true;
        register_student_variant(std::move(card));
    }
    bind_variant(t.request);  // a name no registry knows keeps no card (the checks say so)
    return t;
}

std::string trace_text(const Trace& t) {
    // The text trace_to_json(t).dump() gives, made a step at a time: the whole document held
    // as JSON values takes ten times the text's size (a 141 MB trace ran out of memory so).
    const ElementKind element = kind_of(t.request.type);
    Trace head;  // everything but the launches, which come after
    head.version = t.version;
    head.request = t.request;
    head.bank_width_bytes = t.bank_width_bytes;
    head.source = t.source;
    head.input = t.input;
    head.output = t.output;
    head.listing = t.listing;
    head.labels = t.labels;
    std::string text = trace_to_json(head).dump();
    text.resize(text.size() - 3);  // its empty launches' "[]}"
    text += "[";
    const std::string placeholder = ordered(kStepsPlaceholder).dump();
    for (std::size_t i = 0; i < t.launches.size(); ++i) {
        const Launch& l = t.launches[i];
        const std::string shell =
            launch_to_json(l, element, global_value_kind(t.request), false).dump();
        const std::size_t at = shell.find(placeholder);
        text += (i ? "," : "") + shell.substr(0, at) + "[";
        const std::vector<ElementKind> kinds = word_kinds(l, element);
        for (std::size_t k = 0; k < l.steps.size(); ++k)
            text += (k ? "," : "") + step_to_json(l, l.steps[k], kinds, element).dump();
        text += "]" + shell.substr(at + placeholder.size());
    }
    return text + "]}";
}

void save_trace(const Trace& trace, const std::string& path) {
    write_file(path, trace_text(trace) + "\n");
}

constexpr unsigned long long kMemoryPerTraceByte = 11;

Trace load_trace(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw TraceFormatError("'" + path + "' is a folder, not a trace file");
    if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
        throw TraceFormatError("'" + path + "' is not a regular file (a FIFO or a device?)");
    // Read whole, a trace takes about eleven times its size in memory (a 141 MB file: 1.6 GB).
    const unsigned long long bytes = std::filesystem::file_size(path, ec);
    if (!ec && bytes * kMemoryPerTraceByte > memory_available())
        throw TraceFormatError(
            "'" + path + "' is " + std::to_string(bytes >> 20) + " MiB; reading it takes about " +
            std::to_string((bytes * kMemoryPerTraceByte) >> 20) + " MiB of memory, and " +
            std::to_string(memory_available() >> 20) +
            " MiB are available: open it where there is more, or capture a smaller n");
    std::ifstream file(path, std::ios::binary);
    if (!file) throw TraceFormatError("cannot open '" + path + "': " + std::strerror(errno));
    json document;
    try {
        document = json::parse(file);
    } catch (const json::parse_error& e) {
        throw TraceFormatError("'" + path + "' is not valid JSON: " + e.what());
    }
    try {
        return trace_from_json(document);
    } catch (const TraceFormatError& e) {
        throw TraceFormatError("'" + path + "': " + e.what());
    }
}

}  // namespace scanscope
