#include "model/trace_queries.h"

#include <algorithm>
#include <optional>

#include "model/values.h"
#include "scan/compact_lookback.h"
#include "scan/decoupled_lookback.h"
#include "scan/onesweep.h"
#include "scan/pipelined_lookback.h"
#include "scan/segmented_lookback.h"
#include "scan/staged_lookback.h"
#include "variants/registry.h"

namespace scanscope {

const Step* find_step(const Launch& launch, int block, int index) {
    const int first = launch.first_step(block);
    if (index < 0 || first + index >= int(launch.steps.size())) return nullptr;
    const Step& s = launch.steps[std::size_t(first + index)];
    return s.block == block && s.index == index ? &s : nullptr;
}

MemoryState state_before(const Launch& launch, int block, int index) {
    if (const Step* previous = find_step(launch, block, index - 1))
        return {previous->shared, previous->defined};
    const std::size_t words = launch.shared_bytes / 4;
    return {std::vector<std::uint32_t>(words, 0), std::vector<std::uint8_t>(words, 0)};
}

std::vector<StepFrame> step_frames(const Trace& trace) {
    std::vector<StepFrame> frames;
    for (std::size_t l = 0; l < trace.launches.size(); ++l) {
        const int most = trace.launches[l].longest_block();
        for (int s = 0; s < most; ++s)
            frames.push_back({int(l), s});
    }
    return frames;
}

const SharedArrayInfo* array_of_word(const Launch& launch, std::uint32_t word) {
    const std::uint64_t byte = std::uint64_t(word) * 4;
    for (const SharedArrayInfo& a : launch.arrays)
        if (byte >= a.offset && byte < a.offset + std::uint64_t(a.count) * a.element_bytes)
            return &a;
    return nullptr;
}

const GlobalBuffer* find_global(const Launch& launch, const std::string& name) {
    for (const GlobalBuffer& g : launch.globals)
        if (g.name == name) return &g;
    return nullptr;
}

std::optional<std::uint32_t> global_word(const Launch& launch, const std::string& name,
                                         std::size_t index) {
    const GlobalBuffer* g = find_global(launch, name);
    if (!g || index >= g->values.size()) return std::nullopt;
    return std::uint32_t(g->values[index]);
}

std::string word_name(const Launch& launch, std::uint32_t word) {
    const SharedArrayInfo* a = array_of_word(launch, word);
    if (!a) return "shared word " + std::to_string(word);
    // "x (two buffers)" is x in the kernel's code.
    return a->name.substr(0, a->name.find(" (")) + "[" +
           std::to_string((std::uint64_t(word) * 4 - a->offset) /
                          std::max<int>(a->element_bytes, 1)) +
           "]";
}

std::string word_value(const Trace& trace, const Launch& launch, std::uint32_t word,
                       std::uint32_t bits) {
    const SharedArrayInfo* a = array_of_word(launch, word);
    return format_value(bits, a ? a->kind : kind_of(trace.request.type));
}

int lookback_launch(const Trace& trace) {
    const std::vector<int> all = lookback_launches(trace);
    return all.empty() ? -1 : all.front();
}

int lookback_launch(const Trace& trace, int asked) {
    const bool has_events = asked >= 0 && asked < int(trace.launches.size()) &&
                            !trace.launches[std::size_t(asked)].events.empty();
    return has_events ? asked : lookback_launch(trace);
}

std::vector<int> lookback_launches(const Trace& trace) {
    std::vector<int> out;
    for (std::size_t l = 0; l < trace.launches.size(); ++l)
        if (!trace.launches[l].events.empty()) out.push_back(int(l));
    return out;
}

namespace {

bool digits_of_tiles(const Trace& trace) {
    const VariantInfo* card = find_card(trace.request);
    return card && card->id == VariantId::RadixSortOnesweep;
}

}  // namespace

int descriptor_rows(const Trace& trace) {
    if (digits_of_tiles(trace)) return 256;
    const VariantInfo* card = find_card(trace.request);
    if (!card || card->algorithm != Algorithm::SummedArea || !card->multi_block) return 0;
    return std::max(int(trace.input.size()) / std::max(table_width(trace.request), 1), 1);
}

namespace {

// The launch's global buffer of that name; null where it has none.
const GlobalBuffer* global_named(const Launch& launch, const char* name) {
    const auto found = std::find_if(launch.globals.begin(), launch.globals.end(),
                                    [&](const GlobalBuffer& g) { return g.name == name; });
    return found == launch.globals.end() ? nullptr : &*found;
}

bool has_column_ring(const Trace& trace) {
    const int l = lookback_launch(trace);
    return l >= 0 && global_named(trace.launches[std::size_t(l)], "column ring");
}

}  // namespace

int column_descriptors_from(const Trace& trace) {
    const int l = lookback_launch(trace);
    if (l < 0) return 0;
    const Launch& launch = trace.launches[std::size_t(l)];
    const GlobalBuffer* rows = global_named(launch, "row descriptors");
    if (!rows ||
        (!global_named(launch, "column descriptors") && !global_named(launch, "column ring")))
        return launch.tile_count();
    return int(rows->values.size());
}

DescriptorLayout descriptor_layout(const Trace& trace) {
    DescriptorLayout layout;
    layout.rows = descriptor_rows(trace);
    layout.columns_from = column_descriptors_from(trace);
    layout.width = std::max(table_width(trace.request), 1);
    layout.digits = digits_of_tiles(trace);
    layout.ring = has_column_ring(trace);
    return layout;
}

namespace {

// A column's descriptor: its row of tiles and its column of the table.
struct ColumnDescriptor {
    int tile_row, x;
};
std::optional<ColumnDescriptor> column_descriptor(const DescriptorLayout& layout, int descriptor) {
    if (descriptor < layout.columns_from || layout.rows == 0 || layout.digits) return std::nullopt;
    return ColumnDescriptor{(descriptor - layout.columns_from) / layout.width,
                            (descriptor - layout.columns_from) % layout.width};
}

}  // namespace

std::string descriptor_name(const DescriptorLayout& layout, int descriptor) {
    if (layout.rows == 0) return "tile " + std::to_string(descriptor);
    if (const auto c = column_descriptor(layout, descriptor))
        return (layout.ring ? "slot " : "tile row ") + std::to_string(c->tile_row) + " column " +
               std::to_string(c->x);
    const std::string column = std::to_string(descriptor / layout.rows);
    const std::string row = std::to_string(descriptor % layout.rows);
    return layout.digits ? "tile " + column + " digit " + row : "strip " + column + " row " + row;
}

int predecessor_step(const DescriptorLayout& layout, int descriptor) {
    if (column_descriptor(layout, descriptor)) return layout.width;
    return std::max(layout.rows, 1);
}

std::string lookback_column_word(const DescriptorLayout& layout, int descriptor) {
    if (column_descriptor(layout, descriptor)) return layout.ring ? "slot" : "tile row";
    return layout.rows && !layout.digits ? "strip" : "tile";
}

std::string descriptor_short_name(const DescriptorLayout& layout, int descriptor) {
    if (layout.rows == 0) return "tile " + std::to_string(descriptor);
    if (const auto c = column_descriptor(layout, descriptor))
        return (layout.ring ? "sl" : "tr") + std::to_string(c->tile_row) + " c" +
               std::to_string(c->x);
    return (layout.digits ? "t" : "s") + std::to_string(descriptor / layout.rows) +
           (layout.digits ? " d" : " r") + std::to_string(descriptor % layout.rows);
}

std::string descriptor_name(const Trace& trace, int descriptor) {
    return descriptor_name(descriptor_layout(trace), descriptor);
}
std::string descriptor_short_name(const Trace& trace, int descriptor) {
    return descriptor_short_name(descriptor_layout(trace), descriptor);
}
int predecessor_step(const Trace& trace, int descriptor) {
    return predecessor_step(descriptor_layout(trace), descriptor);
}
std::string lookback_column_word(const Trace& trace, int descriptor) {
    return lookback_column_word(descriptor_layout(trace), descriptor);
}

namespace {

// The step's value its label calls "tile"; -1 where it shows none.
int tile_var(const Trace& trace, const Step& step) {
    const StepLabel* label = trace.label(step.line);
    if (!label) return -1;
    for (std::size_t v = 0; v < label->vars.size() && v < step.vars.size(); ++v)
        if (label->vars[v] == "tile") return step.vars[v];
    return -1;
}

// The step in which a tile looks back (radix-sort-onesweep's ranks its keys in it too).
bool is_lookback_line(std::uint16_t line) {
    return line == kernels::DecoupledLookbackLine::LookBack ||
           line == kernels::PipelinedLookbackLine::LookBack ||
           line == kernels::StagedLookbackLine::LookBack ||
           line == kernels::CompactLookbackLine::PackAndLookBack ||
           line == kernels::SegmentedLookbackLine::LookBack || line == kernels::OnesweepLine::Rank;
}

}  // namespace

int tile_at(const Trace& trace, const Launch& launch, int block, int index) {
    for (int s = index; s >= 0; --s)
        if (const Step* step = find_step(launch, block, s)) {
            const int tile = tile_var(trace, *step);
            if (tile >= 0 && tile < launch.tile_count()) return tile;
        }
    return launch.tile_of_block(block);
}

std::vector<TileWork> tiles_worked(const Trace& trace, int which_launch) {
    const int l = lookback_launch(trace, which_launch);
    if (l < 0) return {};
    const Launch& launch = trace.launches[std::size_t(l)];
    std::vector<TileWork> work(std::size_t(launch.tile_count()));
    // A radix sort's tile has a descriptor a digit, all looked back for in the tile's one step.
    const int per_tile = digits_of_tiles(trace) ? kernels::kDigits : 1;
    for (int b = 0; b < launch.grid; ++b)
        for (int s = 0; s < launch.steps_of(b); ++s) {
            const Step& step = launch.steps[std::size_t(launch.first_step(b) + s)];
            if (!is_lookback_line(step.line)) continue;
            const int tile = tile_at(trace, launch, b, s);
            for (int d = 0; d < per_tile && tile >= 0; ++d)
                if (std::size_t(tile) * per_tile + d < work.size())
                    work[std::size_t(tile) * per_tile + std::size_t(d)] = {b, s};
        }
    return work;
}

std::string phase_text(const StepLabel* label, const std::vector<std::int32_t>& vars) {
    std::string text = label ? label->phase : "step";
    const std::size_t space = text.rfind(' ');
    const std::string last = space == std::string::npos ? text : text.substr(space + 1);
    for (std::size_t v = 0; v < vars.size(); ++v) {
        const std::string name = label && v < label->vars.size() ? label->vars[v] : "";
        if (v == 0 && !name.empty() && name == last)
            text += " " + std::to_string(vars[v]);
        else
            text += " " + (name.empty() ? std::string() : name + "=") + std::to_string(vars[v]);
    }
    return text;
}

}  // namespace scanscope
