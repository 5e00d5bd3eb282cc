// The page's address names what to show, so that a teacher can put a link on a slide:
//   index.html?lesson=05-bank-conflicts&step=6&view=compare&presenter=1
// Parameters: lesson, step (1-based), view (a view key), presenter (1 or 0), theme (dark or
// light), scale (the UI's, 0.5 to 4), predict (1 or 0), block. Unknown parameters and bad values
// are refused with a reason.
#pragma once

#include <string>

#include "gui/gui_options.h"

namespace scanscope {

// `query` is the address's search part, with or without its leading '?'. Returns false with
// `error` set when a parameter is unknown or its value is not one the window takes.
bool options_from_query(const std::string& query, GuiOptions& options, std::string& error);

}  // namespace scanscope
