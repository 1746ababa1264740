// goniod — Itinerary: stages kept in a std::vector<std::function<void()>> and
// run strictly in the order they were added. A stage that throws is logged;
// the remaining stages still run (a shutdown must not stop half-way). The
// failure goes to the logbook only while it is open.
#include "itinerary.h"

#include <cstdio>
#include <exception>
#include <utility>

#include "elog.h"

namespace goniod {

Itinerary::Itinerary(std::string title) : title_(std::move(title)) {}

Itinerary &Itinerary::then(std::string name, std::function<void()> stage) {
  names_.push_back(std::move(name));
  stages_.push_back(std::move(stage));
  return *this;
}

int Itinerary::run() {
  int failures = 0;
  for (std::size_t i = 0; i < stages_.size(); ++i) {
    try {
      stages_[i]();
    } catch (const std::exception &e) {
      ++failures;
      const std::string what =
          title_ + ": stage '" + names_[i] + "' failed: " + e.what();
      if (elog().is_open())
        elog().append(what);
      else
        std::fprintf(stderr, "goniod: %s\n", what.c_str());
    }
  }
  return failures;
}

} // namespace goniod
