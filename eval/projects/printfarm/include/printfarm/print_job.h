#pragma once
#include <string>

namespace printfarm {

struct PrintJob {
  std::string id;        // "J20240611-0042"
  std::string gcodePath; // sliced file on the farm's NAS
  std::string printer;   // empty: the first idle printer
  std::string material;  // "PLA", "PETG", ...
};

} // namespace printfarm
