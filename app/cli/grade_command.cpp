// scanscope grade: a folder of students' kernels against a reference variant, one row each:
// compiles, correct at every size asked, where it first parts from the reference, races, bank
// conflicts. A kernel that does not compile, crashes or loops gets its row with the reason; the
// others are graded. Also the hidden `__student-run`, the child process a kernel runs in.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "bench/bench.h"
#include "capture/capture.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/grade_report.h"
#include "cli/student_options.h"
#include "model/input_values.h"
#include "platform/sandbox.h"
#include "student/student_verdict.h"
#include "variants/run.h"

namespace scanscope {
namespace {

struct GradeFlags {
    std::string dir, like = "blelloch", sizes = "8,64,1024", format = "table", type = "int",
                     op = "add", device = "cpu", report;
    bool inclusive = false, exclusive = false, no_sandbox = false;
    double seconds = 10;
    int block_threads = 0;
    std::string blocks, shared_bytes;  // plain CUDA kernels' launch
};

struct GradeRow {
    std::string file;
    bool compiles = false, runs = false, correct = false;
    std::string correct_at;  // "8 64 1024", or where it went wrong
    std::string difference;
    std::size_t hazards = 0;
    std::uint64_t load_conflicts = 0, store_conflicts = 0;
    double gpu_ms = 0, reference_ms = 0;  // --device gpu: at the largest size
    std::string reason;
    // --report: the verdict at the first size that went wrong or parted from the reference, else
    // at the largest, and its size.
    StudentVerdict shown;
    int shown_n = 0;
};

GradeRow grade_one(const std::string& file, const GradeFlags& f,
                   const std::vector<std::int64_t>& sizes) {
    GradeRow row;
    row.file = std::filesystem::path(file).filename().string();
    row.compiles = true;
    row.runs = true;
    row.correct = true;
    for (std::int64_t n : sizes) {
        RunRequest r;
        r.n = int(n);
        r.inclusive = f.inclusive;
        r.type =
            type_for_kernel(file, f.type) == "float" ? ElementType::Float32 : ElementType::Int32;
        r.op = f.op == "max" ? OpKind::Max : OpKind::Add;
        r.block_threads = f.block_threads;
        StudentVerdict v;
        try {
            StudentLimits limits;
            limits.seconds = f.seconds;
            limits.trusted = f.no_sandbox;
            limits.time_reps = f.device == "gpu" ? 20 : 0;
            limits.launch.blocks = f.blocks;
            limits.launch.shared_bytes = f.shared_bytes;
            v = judge_student(file, r, random_values(r.n, r.type, 1), f.like, limits,
                              f.device == "gpu");
        } catch (const BadRequest& e) {
            row.compiles = row.runs = row.correct = false;
            row.reason = e.what();
            return row;
        }
        // The verdict a report shows: the first that went wrong or parted, else the last.
        const bool shown_telling = row.shown_n != 0 && (!row.shown.ran || !row.shown.correct ||
                                                        !row.shown.first_difference.empty());
        if (!shown_telling) {
            row.shown = v;
            row.shown_n = int(n);
        }
        if (!v.compiled) {
            row.compiles = row.runs = row.correct = false;
            row.reason = v.compile_errors.front().text();
            return row;
        }
        if (!v.ran) {
            row.runs = row.correct = false;
            row.reason = "n = " + std::to_string(n) + ": " + v.failure;
            return row;
        }
        if (v.correct) {
            row.correct_at += (row.correct_at.empty() ? "" : " ") + std::to_string(n);
        } else if (row.correct) {
            row.correct = false;
            row.reason = "wrong at n = " + std::to_string(n) + ": " + v.wrong;
        }
        if (row.difference.empty() && !v.first_difference.empty())
            row.difference = "n = " + std::to_string(n) + ", " + v.first_difference;
        row.hazards = std::max(row.hazards, v.hazards);
        row.load_conflicts = v.conflicts.load_conflicts;  // at the largest size, the last
        row.gpu_ms = v.gpu_ms;
        row.reference_ms = v.reference_ms;
        row.store_conflicts = v.conflicts.store_conflicts;
    }
    return row;
}

std::string csv_field(const std::string& s) {
    std::string out = "\"";
    for (char c : s)
        out += c == '"' ? std::string("\"\"") : std::string(1, c == '\n' ? ' ' : c);
    return out + "\"";
}

int grade(const GradeFlags& f) {
    // --device gpu where there is none: said once, before any file (not once a row).
    if (f.device == "gpu") resolve_gpu(DeviceChoice::Gpu);
    // No sandbox, no grading: a class's files are never run as the teacher.
    if (!f.no_sandbox)
        if (std::string why = sandbox_unavailable(); !why.empty()) throw std::runtime_error(why);
    std::vector<std::string> files;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(f.dir, ec))
        if (entry.path().extension() == ".h" || entry.path().extension() == ".cuh" ||
            entry.path().extension() == ".cu")
            files.push_back(entry.path().string());
    if (ec) throw BadRequest("--kernels '" + f.dir + "': " + ec.message());
    if (files.empty())
        throw BadRequest("--kernels '" + f.dir + "' holds no kernel files (.cu, .cuh, .h)");
    std::sort(files.begin(), files.end());
    std::vector<std::int64_t> sizes;
    try {
        sizes = parse_sizes(f.sizes);
    } catch (const std::exception& e) {
        throw BadRequest("--n '" + f.sizes + "': " + e.what());
    }
    std::vector<GradeRow> rows;
    for (const std::string& file : files) {
        std::cerr << "grading " << file << "...\n";
        rows.push_back(grade_one(file, f, sizes));
    }
    if (!f.report.empty()) {
        std::vector<ReportPage> pages;
        for (const GradeRow& r : rows) {
            ReportPage p;
            p.file = r.file;
            p.summary = r.correct ? "correct at n = " + r.correct_at
                                  : (r.reason.empty() ? "wrong" : r.reason);
            if (r.correct && !r.difference.empty()) p.summary += "; " + r.difference;
            p.n = r.shown_n;
            p.verdict = r.shown;
            pages.push_back(std::move(p));
        }
        write_grade_report(f.report, pages, f.like);
        std::cerr << "wrote " << pages.size() << " pages and index.md in " << f.report << "\n";
    }
    if (f.format == "json") {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        for (const GradeRow& r : rows)
            out.push_back({{"file", r.file},
                           {"compiles", r.compiles},
                           {"runs", r.runs},
                           {"correct", r.correct},
                           {"correct_at", r.correct_at},
                           {"first_difference", r.difference},
                           {"races", r.hazards},
                           {"load_conflicts", r.load_conflicts},
                           {"store_conflicts", r.store_conflicts},
                           {"gpu_ms", r.gpu_ms},
                           {"reference_gpu_ms", r.reference_ms},
                           {"reason", r.reason}});
        std::cout << out.dump(2) << "\n";
    } else if (f.format == "csv") {
        std::cout << "file,compiles,runs,correct,correct_at,first_difference,races,"
                     "load_conflicts,store_conflicts,gpu_ms,reference_gpu_ms,reason\n";
        for (const GradeRow& r : rows)
            std::cout << csv_field(r.file) << "," << r.compiles << "," << r.runs << "," << r.correct
                      << "," << csv_field(r.correct_at) << "," << csv_field(r.difference) << ","
                      << r.hazards << "," << r.load_conflicts << "," << r.store_conflicts << ","
                      << r.gpu_ms << "," << r.reference_ms << "," << csv_field(r.reason) << "\n";
    } else {
        std::printf("%-26s %-8s %-5s %-8s %6s %10s %10s %9s %9s  %s\n", "kernel", "compiles",
                    "runs", "correct", "races", "ld confl", "st confl", "GPU ms", "ref ms",
                    "first difference / reason");
        for (const GradeRow& r : rows) {
            const std::string note =
                !r.reason.empty() ? r.reason
                                  : (r.difference.empty() ? "same as " + f.like : r.difference);
            // A table row is one line: a compile error's first line; times only where measured.
            const std::string first_line = note.substr(0, note.find('\n'));
            auto ms = [&](double v) {
                char text[32];
                std::snprintf(text, sizeof text, "%.4f", v);
                return f.device == "gpu" && r.runs ? std::string(text) : std::string("-");
            };
            std::printf("%-26s %-8s %-5s %-8s %6zu %10llu %10llu %9s %9s  %s\n", r.file.c_str(),
                        r.compiles ? "yes" : "no", r.runs ? "yes" : "no", r.correct ? "yes" : "no",
                        r.hazards, static_cast<unsigned long long>(r.load_conflicts),
                        static_cast<unsigned long long>(r.store_conflicts), ms(r.gpu_ms).c_str(),
                        ms(r.reference_ms).c_str(), first_line.c_str());
        }
        std::printf("(sizes %s; conflicts and times at the largest%s)\n", f.sizes.c_str(),
                    f.device == "gpu" ? "; times: medians of 20 GPU runs, the plain kernels"
                                      : "; --device gpu adds GPU times");
    }
    return kExitOk;
}

}  // namespace

void register_grade_command(CLI::App& app, CommandSet& set) {
    CLI::App* command = app.add_subcommand(
        "grade", "Grade a folder of student kernels against a variant (one row each)");
    auto f = std::make_shared<GradeFlags>();
    command->add_option("--kernels", f->dir, "Folder of kernel files (*.cu, *.cuh, *.h)")
        ->required();
    command->add_option("--like", f->like, "The reference variant (default blelloch)")
        ->check([](const std::string& key) -> std::string {
            return find_variant(key) ? std::string() : "unknown variant '" + key + "'";
        });
    command->add_option("--n", f->sizes, "Sizes to check, e.g. 8,64,1024 or 2^3..2^10");
    command->add_option("--format", f->format, "table, csv or json")
        ->check(CLI::IsMember({"table", "csv", "json"}));
    command->add_option("--type", f->type, "int or float")->check(CLI::IsMember({"int", "float"}));
    auto* inclusive = command->add_flag("--inclusive", f->inclusive, "Inclusive scans");
    auto* exclusive = command->add_flag("--exclusive", f->exclusive, "Exclusive scans (default)");
    inclusive->excludes(exclusive);
    command
        ->add_option("--op", f->op,
                     "The operator: add or max (a max scan's identity is the "
                     "type's lowest value)")
        ->check(CLI::IsMember({"add", "max"}));
    command->add_option("--block-threads", f->block_threads, "A plain CUDA kernel's block")
        ->check(CLI::Range(1, 1024));
    add_cuda_launch_options(command, f->blocks, f->shared_bytes);
    command->add_option("--report", f->report,
                        "Also write a page for each kernel (Markdown, with the pictures of the "
                        "first step that differs) and an index.md into this folder");
    command
        ->add_option("--device", f->device,
                     "cpu (the emulation) or gpu (NVRTC, with times beside the reference)")
        ->check(CLI::IsMember({"cpu", "gpu"}));
    command
        ->add_option("--time-limit", f->seconds,
                     "Seconds each kernel's compile (at least 20) and each run may take")
        ->check(CLI::Range(0.5, 600.0));
    command->add_flag("--no-sandbox", f->no_sandbox, kNoSandboxHelp);
    set.add(command, [f] { return run_guarded("grade", [&] { return grade(*f); }); });

    // The child process a student's kernel runs in (student/student_run.h). Not for people.
    CLI::App* child = app.add_subcommand("__student-run", "");
    child->group("");
    auto kernel = std::make_shared<std::string>(), library = std::make_shared<std::string>(),
         request = std::make_shared<std::string>(), out = std::make_shared<std::string>();
    child->add_option("--kernel", *kernel)->required();
    child->add_option("--library", *library)->required();
    child->add_option("--request", *request)->required();
    child->add_option("--out", *out)->required();
    auto device = std::make_shared<std::string>("cpu"), time_out = std::make_shared<std::string>();
    auto time_reps = std::make_shared<int>(0);
    child->add_option("--device", *device);
    child->add_option("--time-reps", *time_reps);
    child->add_option("--time-out", *time_out);
    set.add(child, [=] {
        return run_student_child(*kernel, *library, *request, *out, *device == "gpu", *time_reps,
                                 *time_out);
    });
}

}  // namespace scanscope
