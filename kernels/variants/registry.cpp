#include "variants/registry.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include "core/bits.h"
#include "core/int_math.h"
#include "variants/cards.h"

namespace scanscope {

const std::vector<VariantInfo>& all_variants() {
    static const std::vector<VariantInfo> variants = [] {
        std::vector<VariantInfo> v = {
            hillis_steele_card(),
            hillis_steele_inplace_card(),
            blelloch_card(),
            blelloch_padded_card(),
            warp_shuffle_card(),
            scan_then_propagate_card(),
            reduce_then_scan_card(),
            decoupled_lookback_card(),
            pipelined_lookback_card(),
            staged_lookback_card(),
            reduce_interleaved_divergent_card(),
            reduce_interleaved_strided_card(),
            reduce_sequential_card(),
            reduce_first_add_card(),
            reduce_unrolled_warp_card(),
            reduce_warp_shuffle_card(),
            compact_card(),
            compact_lookback_card(),
            split_card(),
            radix_sort_card(),
            radix_sort_onesweep_card(),
            segmented_card(),
            segmented_lookback_card(),
            summed_area_card(),
            summed_area_lookback_card(),
        };
        for (VariantInfo& card : v)
            card.inclusive_and_exclusive =
                card.algorithm == Algorithm::Scan || card.algorithm == Algorithm::SegmentedScan;
        return v;
    }();
    return variants;
}

namespace {

// Cards of student kernels: a deque, so that registering one never moves another.
std::deque<VariantInfo>& student_cards() {
    static std::deque<VariantInfo> cards;
    return cards;
}

std::mutex& student_cards_mutex() {
    static std::mutex m;
    return m;
}

}  // namespace

const VariantInfo* find_variant(const std::string& key) {
    for (const VariantInfo& v : all_variants())
        if (v.key == key) return &v;
    if (!is_student_key(key)) return nullptr;
    std::lock_guard<std::mutex> lock(student_cards_mutex());
    for (const VariantInfo& v : student_cards())
        if (v.key == key) return &v;
    return nullptr;
}

bool is_student_key(const std::string& key) {
    return key.rfind(kStudentPrefix, 0) == 0 && key.size() > std::string(kStudentPrefix).size();
}

const VariantInfo& register_student_variant(VariantInfo card) {
    if (!is_student_key(card.key))
        throw std::invalid_argument("a student kernel's key starts with student/");
    card.id = VariantId::Student;
    std::lock_guard<std::mutex> lock(student_cards_mutex());
    for (VariantInfo& v : student_cards())
        if (v.key == card.key) return v = std::move(card);
    student_cards().push_back(std::move(card));
    return student_cards().back();
}

bool bind_variant(RunRequest& request) {
    request.card = find_variant(request.variant);
    return request.card != nullptr;
}

const VariantInfo* find_card(const RunRequest& request) {
    // A bound card whose name no longer matches (a copy given another variant) is looked up anew.
    if (request.card && request.card->key == request.variant) return request.card;
    return find_variant(request.variant);
}

const VariantInfo& card_of(const RunRequest& request) {
    if (const VariantInfo* found = find_card(request)) return *found;
    throw std::invalid_argument("unknown variant '" + request.variant + "'");
}

const VariantInfo& variant_info(VariantId id) {
    for (const VariantInfo& v : all_variants())
        if (v.id == id) return v;
    throw std::logic_error("variant id missing from the registry");
}

std::vector<std::string> default_timed_variants() {
    std::vector<std::string> keys;
    for (const VariantInfo& v : all_variants())
        if (v.timed_by_default) keys.push_back(v.key);
    return keys;
}

int output_count(const VariantInfo& variant, int n) {
    return variant.algorithm == Algorithm::Reduce ? 1 : n;
}

int default_block_threads(const VariantInfo& variant, int n, KernelShape shape) {
    if (!variant.multi_block) return 0;
    const TileShape tile = variant.tile(n, shape);
    if (tile.threads) return tile.threads;
    // Teaching sizes: a few blocks for a few thousand elements.
    const int cap = variant.algorithm == Algorithm::Reduce ? 256 : 128;
    int threads = std::min(cap, next_pow2(ceil_div(std::max(n, 1), tile.items())));
    threads = std::max(threads, variant.min_threads);
    if (variant.whole_warps) threads = round_up(threads, 32);
    return threads;
}

int items_per_thread(const VariantInfo& variant, int n, KernelShape shape) {
    return variant.tile(n, shape).items();
}

std::string describe_shape(const RunRequest& r) {
    const VariantInfo* v = find_card(r);
    if (!v || !v->multi_block) return "one block";
    const int threads = r.block_threads ? r.block_threads : default_block_threads(*v, r.n, r.shape);
    const TileShape tile = v->tile(r.n, r.shape);
    const int items = tile.items();
    std::string text = std::to_string(threads) + " threads/block, " + std::to_string(items) +
                       (items == 1 ? " element" : " elements") + " per thread";
    if (r.shape == KernelShape::Timed && items > 2)
        text += " (" + std::to_string(tile.rows) + " rows of " + std::to_string(tile.vec) +
                (tile.vec == 4   ? ", one 16-byte access each on the GPU)"
                 : tile.vec == 2 ? ", one 8-byte access each on the GPU)"
                                 : ")");
    return text;
}

std::vector<ListingLine> listing_for(const std::vector<ListingLine>& listing, bool inclusive) {
    std::vector<ListingLine> lines;
    const ListingForm unwanted = inclusive ? ListingForm::Exclusive : ListingForm::Inclusive;
    for (const ListingLine& line : listing)
        if (line.form != unwanted) lines.push_back(line);
    return lines;
}

std::string check_request(const RunRequest& r) {
    const VariantInfo* v = find_card(r);
    if (!v) return "unknown variant '" + r.variant + "'; 'scanscope list' shows them";
    if (r.n < 1) return "n must be at least 1 (got " + std::to_string(r.n) + ")";
    constexpr int kMaxN = 1 << 30;
    if (r.n > kMaxN) return "n = " + std::to_string(r.n) + " is more than ScanScope takes (2^30)";
    if (v->max_n && r.n > v->max_n)
        return v->key + " scans one block of at most " + std::to_string(v->max_n) +
               " elements; n = " + std::to_string(r.n) +
               " is too many (scan-then-propagate, reduce-then-scan and decoupled-lookback take "
               "any n)";
    if (r.banks != 16 && r.banks != 32)
        return "banks must be 16 or 32 (got " + std::to_string(r.banks) + ")";
    if (r.width && v->algorithm != Algorithm::SummedArea)
        return "a width applies to a summed-area table only; " + v->key + " is one row";
    if (r.width && (r.width < 1 || r.n % r.width != 0))
        return "a table " + std::to_string(r.width) + " wide cannot hold " + std::to_string(r.n) +
               " entries: n must be a multiple of the width";
    if (!(r.keep == KeepRule{}) && v->algorithm != Algorithm::Compact)
        return "a keep rule applies to a compaction only; " + v->key + " keeps every element";
    if (r.keep.kind == KeepKind::Above && r.type == ElementType::Int32 &&
        (r.keep.threshold != std::floor(r.keep.threshold) || std::fabs(r.keep.threshold) > 2e9))
        return "an int32 compaction's threshold is a whole number within int32 (got " +
               keep_rule_text(r.keep) + ")";
    if (r.key_bits && !takes_key_bits(v->id))
        return "key bits apply to the radix sorts only; " + v->key + " does not sort by passes";
    if (r.key_bits < 0 || r.key_bits > 32)
        return "a radix sort orders by 1 to 32 bits of its keys (got " +
               std::to_string(r.key_bits) + ")";
    if (!r.heads.empty() && v->algorithm != Algorithm::SegmentedScan)
        return "segment heads apply to a segmented scan only; " + v->key + " has no segments";
    for (std::size_t i = 0; i < r.heads.size(); ++i) {
        if (r.heads[i] < 0 || r.heads[i] >= r.n)
            return "segment head " + std::to_string(r.heads[i]) + " is outside the " +
                   std::to_string(r.n) + " elements";
        if (i > 0 && r.heads[i] <= r.heads[i - 1])
            return "segment heads must increase (" + std::to_string(r.heads[i - 1]) + " then " +
                   std::to_string(r.heads[i]) + ")";
    }
    if (r.block_threads) {
        if (!v->multi_block)
            return "a block size applies to the multi-block variants only; " + v->key +
                   " sizes its one block from n";
        const int t = r.block_threads;
        if (v->min_threads == v->max_threads && t != v->min_threads)
            return v->key + " runs blocks of " + std::to_string(v->min_threads) + " threads (got " +
                   std::to_string(t) + ")";
        if (t < v->min_threads || t > v->max_threads || !is_pow2(t))
            return v->key + " needs a power-of-two block size from " +
                   std::to_string(std::max(v->min_threads, 1)) + " to " +
                   std::to_string(v->max_threads) + " (got " + std::to_string(t) + ")";
        if (v->whole_warps && t % 32 != 0)
            return v->key + " uses warp shuffles: its blocks must be whole warps (multiples of 32)";
        const int items = items_per_thread(*v, r.n, r.shape);
        if (items * t > kernels::kMaxTileElements)
            return v->key + "'s timed tiles take " + std::to_string(items) +
                   " elements per thread, so at most " +
                   std::to_string(kernels::kMaxTileElements / items) + " threads per block (got " +
                   std::to_string(t) + ")";
    }
    return {};
}

bool takes_key_bits(VariantId id) {
    return id == VariantId::RadixSort || id == VariantId::RadixSortOnesweep;
}

const char* algorithm_kind(Algorithm algorithm) {
    return algorithm == Algorithm::Scan            ? "scan"
           : algorithm == Algorithm::SegmentedScan ? "segscan"
           : algorithm == Algorithm::SummedArea    ? "sat"
           : algorithm == Algorithm::Reduce        ? "reduce"
           : algorithm == Algorithm::Compact       ? "compact"
                                                   : "split";
}

const char* algorithm_result(Algorithm algorithm) {
    return algorithm == Algorithm::Scan            ? "scan"
           : algorithm == Algorithm::SegmentedScan ? "segmented scan"
           : algorithm == Algorithm::SummedArea    ? "summed-area table"
           : algorithm == Algorithm::Reduce        ? "reduction"
           : algorithm == Algorithm::Compact       ? "compaction"
                                                   : "split";
}

int table_width(const RunRequest& r) {
    if (r.width > 0) return r.width;
    int w = 1;
    while (w * w < r.n)
        ++w;
    while (w < r.n && r.n % w != 0)
        ++w;
    return std::max(w, 1);
}

int sort_bits(const RunRequest& r) {
    if (r.card ? r.card->id == VariantId::Split : r.variant == "split") return 1;
    return r.key_bits > 0 ? r.key_bits : 32;
}

void resolve_key_bits(RunRequest& r, const std::vector<std::uint32_t>& keys) {
    const VariantInfo* card = r.card ? r.card : find_variant(r.variant);
    if (!card || !takes_key_bits(card->id) || r.key_bits > 0) return;
    const auto radix = [&](std::uint32_t k) {
        return r.type == ElementType::Int32 ? radix_bits(from_bits<std::int32_t>(k))
                                            : radix_bits(from_bits<float>(k));
    };
    std::uint32_t differ = 0;  // the bits in which some key differs from the first
    for (std::uint32_t k : keys)
        differ |= radix(k) ^ radix(keys.front());
    int bits = 1;
    while (bits < 32 && (differ >> bits) != 0)
        ++bits;
    r.key_bits = bits;
}

std::vector<int> head_flags(const RunRequest& r) {
    std::vector<int> flags(std::size_t(std::max(r.n, 0)), 0);
    if (!flags.empty()) flags[0] = 1;
    for (int h : r.heads)
        if (h >= 0 && h < r.n) flags[std::size_t(h)] = 1;
    return flags;
}

KeepRule parse_keep_rule(const std::string& text) {
    if (text == "non-zero" || text == "nonzero") return {KeepKind::NonZero, 0};
    if (text == "even") return {KeepKind::Even, 0};
    if (text.rfind("above ", 0) == 0 || text.rfind("above:", 0) == 0) {
        const std::string number = text.substr(6);
        char* end = nullptr;
        const double t = std::strtod(number.c_str(), &end);
        if (!number.empty() && end && *end == '\0' && std::isfinite(t)) return {KeepKind::Above, t};
    }
    throw std::invalid_argument("'" + text +
                                "' is no keep rule: non-zero, even, or above N (e.g. 'above 5')");
}

std::string keep_rule_text(const KeepRule& rule) {
    if (rule.kind == KeepKind::Even) return "even";
    if (rule.kind != KeepKind::Above) return "non-zero";
    std::ostringstream out;
    out << "above " << rule.threshold;
    return out.str();
}

std::string keep_rule_words(const KeepRule& rule) {
    return rule.kind == KeepKind::NonZero ? "not 0" : keep_rule_text(rule);
}

const char* type_name(ElementType type) {
    return type == ElementType::Int32 ? "int32" : "float32";
}

const char* op_name(OpKind op) {
    return op == OpKind::Add ? "add" : "max";
}

}  // namespace scanscope
