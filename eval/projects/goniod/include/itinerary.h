// goniod — a run sequencer: named stages run in order; a failing stage is
// logged and the following stages still run.
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace goniod {

class Itinerary {
public:
  explicit Itinerary(std::string title);
  Itinerary &then(std::string name, std::function<void()> stage);
  // Returns the number of stages that threw.
  int run();

private:
  std::string title_;
  std::vector<std::string> names_;
  std::vector<std::function<void()>> stages_;
};

} // namespace goniod
