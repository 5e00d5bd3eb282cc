// scanscope questions: the questions predict mode asks on a lesson, a trace or a variant, with
// their choices, answers and explanations: a teacher's check of a lesson file, and a worksheet.
#include <iostream>
#include <memory>

#include "analysis/questions.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/open_source.h"
#include "variants/run.h"

namespace scanscope {
namespace {

struct QuestionsFlags {
    SourceFlags source;
    bool answers = false;
    bool scripted_only = false;
    int block = 0;
};

void print_question(const Question& q, bool answers) {
    std::cout << (q.place.event ? "before event " : "before step ") << q.place.frame + 1 << " ["
              << question_kind_key(q.kind) << "] " << q.prompt << "\n";
    for (std::size_t i = 0; i < q.choices.size(); ++i)
        std::cout << "    " << choice_key(int(i)) << "  " << q.choices[i]
                  << (answers && int(i) == q.right ? "   <- right" : "") << "\n";
    if (answers) {
        std::cout << "    why: " << q.explanation << "\n";
        if (!q.lesson_note.empty()) std::cout << "    lesson: " << q.lesson_note << "\n";
    }
    std::cout << "\n";
}

int list_questions(const QuestionsFlags& f) {
    OpenedSource opened = open_source(f.source);
    const Session& s = opened.session;
    const Trace& trace = s.trace();
    std::vector<Question> scripted;
    if (opened.lesson) {
        try {
            scripted = scripted_questions(trace, opened.lesson->questions, s.bank_config());
        } catch (const std::runtime_error& e) {
            throw BadRequest("lesson '" + opened.lesson->key + "': " + e.what());
        }
    }
    const std::vector<Question> questions =
        all_questions(trace, scripted, s.bank_config(), f.scripted_only, f.block);
    for (const Question& q : questions)
        print_question(q, f.answers);
    const std::size_t count = questions.size();
    std::cout << count << " questions (" << scripted.size() << " from the lesson)\n";
    return kExitOk;
}

}  // namespace

void register_questions_command(CLI::App& app, CommandSet& set) {
    CLI::App* command = app.add_subcommand(
        "questions", "The questions predict mode asks, step by step (a worksheet, a lesson check)");
    auto f = std::make_shared<QuestionsFlags>();
    add_source_options(command, f->source);
    command->add_flag("--answers", f->answers, "Mark the right answers and say why");
    command->add_flag("--scripted", f->scripted_only, "Only the lesson's own questions");
    command->add_option("--block", f->block, "The block the questions are about (default 0)")
        ->check(CLI::Range(0, 1 << 30));
    set.add(command, [f] { return run_guarded("questions", [&] { return list_questions(*f); }); });
}

}  // namespace scanscope
