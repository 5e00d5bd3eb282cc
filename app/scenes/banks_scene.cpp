#include "scenes/banks_scene.h"

#include <algorithm>
#include <map>

#include "scenes/array_scene.h"

namespace scanscope {
namespace {

constexpr float kColumn = 1.12f;
// The wrapped layout's cells, headers and words alike, are this tall: a word's two lines (the
// word, its lane) then read at the header's size, so that the words a conflict queues, which the
// step is about, reach presenter mode's legible size with the header that counts them.
constexpr float kTall = 1.5f, kTallPitch = kTall + 0.12f;

std::string array_name(const Launch& launch, const WarpAccess& a) {
    return a.array < launch.arrays.size() ? launch.arrays[a.array].name : "shared";
}

// A word a bank serves, with the lane that asked for it ("+": several lanes, a broadcast).
SceneCell served_word(Rect at, std::uint32_t word, const std::vector<int>& lanes, int degree,
                      AccessKind kind, const Theme& theme) {
    SceneCell cell;
    cell.rect = at;
    cell.fill = mix(theme.cell, degree_color(theme, degree), 0.55f);
    cell.border = lanes.size() > 1 ? theme.accent : theme.cell_border;
    cell.border_px = lanes.size() > 1 ? 2.0f : 1.0f;
    cell.text = std::to_string(word) + "\nL" + std::to_string(lanes.front()) +
                (lanes.size() > 1 ? "+" : "");
    cell.text_color = theme.cell_text;
    cell.role = kind == AccessKind::Read ? CellRole::Read : CellRole::Written;
    cell.ref = CellRef::word(int(word));
    cell.shows_its_word = true;
    cell.focus = degree > 1;  // the words that queue, as in the unwrapped drawing
    return cell;
}

// The wrapped layout: bands of `per_row` banks, each bank a header (its number, and its degree
// where it delivers more than one word) over the words it serves, each word with its lanes. A
// bank that serves more than kDeepest words has its queue in a line of its own under the band,
// so that a 16-way conflict is seen whole on a projector, not as a column that runs off it.
void add_wrapped_banks(Scene& scene, const WarpAccess& a, const AccessBanks& banks,
                       const BankConfig& config, const Theme& theme, int per_row) {
    constexpr std::size_t kDeepest = 4;
    std::map<int, std::map<std::uint32_t, std::vector<int>>> words;  // bank -> word -> lanes
    for (const LaneAccess& l : a.lanes) {
        const std::uint32_t word = l.address / std::uint32_t(config.width_bytes);
        words[int(word % std::uint32_t(config.banks))][word].push_back(l.lane);
    }
    float y = 0;
    for (int first = 0; first < config.banks; first += per_row) {
        // The band's name above it, not left of it: the band takes the canvas's whole width on
        // a projector, where a name at its left would be cut at the canvas's edge.
        const int last = std::min(config.banks, first + per_row) - 1;
        scene.labels.push_back({{0, y + 0.1f},
                                "banks " + std::to_string(first) + "-" + std::to_string(last),
                                theme.text_dim,
                                0.36f,
                                Align::Left});
        y += 0.5f;
        std::size_t deepest = 0;
        std::vector<int> queues;  // the band's banks whose words go in lines of their own
        for (int bank = first; bank <= last; ++bank) {
            const int degree = banks.words_in_bank[std::size_t(bank)];
            SceneCell head;
            head.rect = {float(bank - first) * kColumn, y, 1.0f, kTall};
            head.fill =
                degree == 0 ? theme.widget : mix(theme.cell, degree_color(theme, degree), 0.85f);
            head.border = theme.cell_border;
            head.text = std::to_string(bank) + (degree > 1 ? "\n×" + std::to_string(degree) : "");
            head.text_color = degree == 0 ? theme.text_dim : readable_on(head.fill);
            head.role = CellRole::Header;
            head.ref = CellRef::bank(bank);
            head.focus = degree > 1;
            if (degree > 1 && degree == banks.degree) {
                head.border = theme.text;  // the worst bank (or banks, tied), marked
                head.border_px = 3.0f;
            }
            scene.cells.push_back(head);
            if (words[bank].size() > kDeepest) {
                queues.push_back(bank);
                continue;
            }
            std::size_t row = 0;
            for (const auto& [word, lanes] : words[bank]) {
                const Rect at{float(bank - first) * kColumn, y + float(row + 1) * kTallPitch, 1.0f,
                              kTall};
                scene.cells.push_back(served_word(at, word, lanes, degree, a.kind, theme));
                ++row;
            }
            deepest = std::max(deepest, row);
        }
        y += float(deepest + 1) * kTallPitch + (queues.empty() ? 0.6f : 0.3f);
        for (int bank : queues) {
            const int degree = banks.words_in_bank[std::size_t(bank)];
            scene.labels.push_back({{0, y + 0.1f},
                                    "bank " + std::to_string(bank) + " serves these " +
                                        std::to_string(degree) + " words one after another:",
                                    theme.text_dim,
                                    0.36f,
                                    Align::Left});
            y += 0.5f;
            std::size_t n = 0;
            for (const auto& [word, lanes] : words[bank]) {
                const Rect at{float(n % std::size_t(per_row)) * kColumn,
                              y + float(n / std::size_t(per_row)) * kTallPitch, 1.0f, kTall};
                scene.cells.push_back(served_word(at, word, lanes, degree, a.kind, theme));
                ++n;
            }
            y += float((n + std::size_t(per_row) - 1) / std::size_t(per_row)) * kTallPitch + 0.6f;
        }
    }
    scene.labels.push_back({{0, y + 0.1f},
                            "under each bank: the words it serves (word, then L: the lane that "
                            "asked; + several lanes)",
                            theme.text_dim,
                            0.32f,
                            Align::Left});
}

// The index in `list` (the step's memory accesses, not empty) of the access drawn: `access`
// where it is one of them, else the worst.
int drawn_access(const Step& step, const std::vector<const WarpAccess*>& list, int access,
                 const BankConfig& config) {
    if (access >= 0 && access < int(list.size())) return access;
    return std::max(0, worst_access(step, config));
}

}  // namespace

std::optional<AccessBanks> drawn_access_banks(const Trace& trace, const Cursor& c,
                                              const BankConfig& config) {
    if (c.launch < 0 || c.launch >= int(trace.launches.size())) return std::nullopt;
    const Step* step = find_step(trace.launches[std::size_t(c.launch)], c.block, c.step);
    if (!step) return std::nullopt;
    const auto list = memory_accesses(*step);
    if (list.empty()) return std::nullopt;
    return analyze_access(*list[std::size_t(drawn_access(*step, list, -1, config))], config);
}

Color degree_color(const Theme& theme, int degree) {
    if (degree <= 1) return theme.conflict[0];
    if (degree == 2) return theme.conflict[1];
    if (degree <= 4) return theme.conflict[2];
    if (degree <= 8) return theme.conflict[3];
    if (degree <= 16) return theme.conflict[4];
    return theme.conflict[5];
}

Scene build_banks_scene(const Trace& trace, const Cursor& c, int access, const BankConfig& config,
                        const Theme& theme, int per_row) {
    Scene scene;
    scene.min_readable_px = 0;  // every bank and every word row in view: the picture is the point
    if (c.launch >= int(trace.launches.size())) {
        scene.empty_message = "No trace loaded.";
        return scene;
    }
    const Launch& launch = trace.launches[std::size_t(c.launch)];
    const Step* step = find_step(launch, c.block, c.step);
    if (!step) {
        scene.empty_message = "Nothing at this step.";
        return scene;
    }
    const auto list = memory_accesses(*step);
    if (list.empty()) {
        scene.empty_message = "No shared-memory access in this step.";
        return scene;
    }
    access = drawn_access(*step, list, access, config);
    const WarpAccess& a = *list[std::size_t(access)];
    const AccessBanks banks = analyze_access(a, config);
    const int lanes_in_warp = std::min(32, launch.block - a.warp * 32);

    // What the access is, as a note under the drawing: a line of text that never shrinks with
    // the drawing or runs into it.
    scene.notes.push_back(
        "warp " + std::to_string(a.warp) + (a.kind == AccessKind::Read ? ", read " : ", write ") +
        array_name(launch, a) + " (access " + std::to_string(access + 1) + " of " +
        std::to_string(list.size()) + " in this step): " +
        (banks.degree <= 1 ? std::string("no conflict, 1 wavefront")
                           : std::to_string(banks.degree) + "-way conflict, " +
                                 std::to_string(banks.wavefronts) + " wavefronts"));

    if (per_row > 0 && per_row < config.banks) {
        add_wrapped_banks(scene, a, banks, config, theme, per_row);
        scene.fit_bounds();
        return scene;
    }

    // Lanes along the top.
    for (int lane = 0; lane < lanes_in_warp; ++lane) {
        SceneCell cell;
        cell.rect = {float(lane) * kColumn * float(config.banks) / 32.0f, -3.6f,
                     0.9f * float(config.banks) / 32.0f + 0.1f, 0.9f};
        const bool active = banks.bank_of_lane[std::size_t(lane)] >= 0;
        cell.fill =
            active ? mix(theme.cell, a.kind == AccessKind::Read ? theme.read : theme.write, 0.6f)
                   : mix(theme.cell, theme.panel, 0.6f);
        cell.border = theme.cell_border;
        cell.text = std::to_string(lane);
        cell.text_color = active ? theme.cell_text : theme.text_dim;
        cell.role = CellRole::Header;
        cell.ref = CellRef::lane(lane);
        scene.cells.push_back(cell);
    }
    scene.labels.push_back({{-0.3f, -3.0f}, "lanes", theme.text_dim, 0.4f, Align::Right, 0, true});

    // Bank headers, coloured by degree.
    for (int bank = 0; bank < config.banks; ++bank) {
        SceneCell cell;
        cell.rect = {float(bank) * kColumn, -1.5f, 1.0f, 0.9f};
        const int words = banks.words_in_bank[std::size_t(bank)];
        cell.fill = words == 0 ? theme.widget : mix(theme.cell, degree_color(theme, words), 0.85f);
        cell.border = theme.cell_border;
        // The degree as a number too: no information rides on colour alone.
        cell.text = std::to_string(bank) + (words > 1 ? "\n×" + std::to_string(words) : "");
        cell.text_color = words == 0 ? theme.text_dim : readable_on(cell.fill);
        cell.role = CellRole::Header;
        cell.ref = CellRef::bank(bank);
        cell.focus = words > 1;  // a bank that serves several words: the conflict
        if (words > 1 && words == banks.degree) {
            cell.border = theme.text;  // the worst bank (or banks, tied), marked
            cell.border_px = 3.0f;
        }
        scene.cells.push_back(cell);
    }
    scene.labels.push_back({{-0.3f, -0.9f}, "banks", theme.text_dim, 0.4f, Align::Right, 0, true});

    // The words touched, one row per bank-width line of shared memory.
    std::map<std::uint32_t, float> row_y;
    std::map<std::uint32_t, int> readers;
    for (const LaneAccess& l : a.lanes) {
        row_y[l.address / std::uint32_t(config.width_bytes) / std::uint32_t(config.banks)] = 0;
        ++readers[l.address / std::uint32_t(config.width_bytes)];
    }
    float y = 0.2f;
    for (auto& [row, at] : row_y) {
        at = y;
        scene.labels.push_back({{-0.3f, y + 0.68f},
                                "words " + std::to_string(row * std::uint32_t(config.banks)) + "+",
                                theme.text_dim,
                                0.36f,
                                Align::Right});
        y += 1.12f;
    }
    for (const auto& [word, count] : readers) {
        const int bank = int(word % std::uint32_t(config.banks));
        SceneCell cell;
        cell.rect = {float(bank) * kColumn, row_y[word / std::uint32_t(config.banks)], 1.0f, 1.0f};
        cell.fill =
            mix(theme.cell, degree_color(theme, banks.words_in_bank[std::size_t(bank)]), 0.55f);
        cell.border = count > 1 ? theme.accent : theme.cell_border;
        cell.border_px = count > 1 ? 2.0f : 1.0f;
        cell.text = std::to_string(word);
        cell.text_color = theme.cell_text;
        cell.role = a.kind == AccessKind::Read ? CellRole::Read : CellRole::Written;
        cell.ref = CellRef::word(int(word));
        cell.shows_its_word = true;
        cell.focus = banks.words_in_bank[std::size_t(bank)] > 1;  // the words that queue
        scene.cells.push_back(cell);
    }
    // Each lane's access through its bank: a line to the top of the bank's header, and one from
    // under it to the word, down the bank's column; to a word of a lower row (the words that
    // queue in a conflict) down the gap beside the column and into the word's side, so that it
    // passes over none of the words above it.
    std::map<int, float> top_word_y;  // by bank: its highest word's row
    for (const LaneAccess& l : a.lanes) {
        const std::uint32_t word = l.address / std::uint32_t(config.width_bytes);
        const float word_row = row_y[word / std::uint32_t(config.banks)];
        const auto [at, fresh] =
            top_word_y.try_emplace(int(word % std::uint32_t(config.banks)), word_row);
        if (!fresh) at->second = std::min(at->second, word_row);
    }
    for (const LaneAccess& l : a.lanes) {
        const std::uint32_t word = l.address / std::uint32_t(config.width_bytes);
        const int bank = int(word % std::uint32_t(config.banks));
        const Color color =
            with_alpha(degree_color(theme, banks.words_in_bank[std::size_t(bank)]), 0.7f);
        const float column = float(bank) * kColumn,
                    word_y = row_y[word / std::uint32_t(config.banks)];
        const Vec2 lane{float(l.lane) * kColumn * float(config.banks) / 32.0f +
                            0.5f * float(config.banks) / 32.0f,
                        -2.7f};
        scene.arrows.push_back({lane, {column + 0.5f, -1.5f}, color, 1.2f, false});
        if (word_y == top_word_y.at(bank)) {
            scene.arrows.push_back(
                {{column + 0.5f, -0.6f}, {column + 0.5f, word_y}, color, 1.2f, false});
            continue;
        }
        const float gap = column + 1.0f + (kColumn - 1.0f) / 2;
        scene.arrows.push_back({{column + 0.5f, -0.6f}, {gap, -0.6f + 0.4f}, color, 1.2f, false});
        scene.arrows.push_back({{gap, -0.2f}, {gap, word_y + 0.5f}, color, 1.2f, false});
        scene.arrows.push_back(
            {{gap, word_y + 0.5f}, {column + 1.0f, word_y + 0.5f}, color, 1.2f, false});
    }
    if (banks.broadcast_words)
        scene.notes.push_back(std::to_string(banks.broadcast_words) +
                              " word(s) read by several lanes at once: a broadcast, no conflict");
    scene.fit_bounds();
    return scene;
}

}  // namespace scanscope
