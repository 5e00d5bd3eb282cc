// scanscope list: the variants, with what each takes.
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/cli.h"
#include "cli/commands.h"
#include "variants/registry.h"

namespace scanscope {

void register_list_command(CLI::App& app, CommandSet& set) {
    CLI::App* list = app.add_subcommand("list", "List the scan and reduction variants");
    auto verbose = std::make_shared<bool>(false);
    list->add_flag("--lessons", *verbose, "Also print each variant's source and lesson");
    set.add(list, [verbose] {
        std::printf("%-30s %-7s %-10s %s\n", "id", "kind", "n", "name");
        for (const VariantInfo& v : all_variants()) {
            const std::string limit = v.max_n ? "1.." + std::to_string(v.max_n) : "any";
            std::printf("%-30s %-7s %-10s %s\n", v.key.c_str(),
                        v.algorithm == Algorithm::Scan ? "scan" : "reduce", limit.c_str(),
                        v.name.c_str());
            if (*verbose)
                std::printf("    source: %s\n    %s\n\n", v.source.c_str(), v.lesson.c_str());
        }
        return kExitOk;
    });
}

}  // namespace scanscope
