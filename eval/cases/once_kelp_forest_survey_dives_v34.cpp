// Kelp-forest survey: divers swim transects and a topside tender streams
// quadrat counts to the marine lab over a SurveyLink; each dive's slate is a
// TransectSlate. Every close in these loops runs once: a phase switch whose
// Surface phase is reached once, std::call_once, a close on the final index,
// a done flag that ends the while loop, and per-element closes of distinct
// slates. Every use comes before the close or on a different object.
#include <cstddef>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class SurveyLink {
 public:
  void upload(const std::string& record) {
    if (finished_) throw std::runtime_error("survey link finished");
    bytes_ += record.size();
  }
  void finish() {
    if (finished_) throw std::runtime_error("survey link finished twice");
    finished_ = true;
  }

 private:
  std::size_t bytes_ = 0;
  bool finished_ = false;
};

class TransectSlate {
 public:
  explicit TransectSlate(int transect) : transect_(transect) {}
  void tally(const std::string& species, int count) {
    if (closed_) throw std::runtime_error("slate closed, transect " + std::to_string(transect_));
    entries_.push_back(species + "=" + std::to_string(count));
  }
  void close() {
    if (closed_) throw std::runtime_error("slate closed twice, transect " + std::to_string(transect_));
    closed_ = true;
  }
  const std::vector<std::string>& entries() const { return entries_; }

 private:
  int transect_;
  std::vector<std::string> entries_;
  bool closed_ = false;
};

enum class Phase { Descent, Bottom, Ascent, Surface, Done };

void dive_profile(SurveyLink& link, int bottom_minutes) {
  Phase phase = Phase::Descent;
  int minute = 0;
  while (phase != Phase::Done) {
    switch (phase) {
      case Phase::Descent:
        link.upload("descent");  // OK: finish() runs only in the Surface phase, after all uploads
        phase = Phase::Bottom;
        break;
      case Phase::Bottom:
        link.upload("bottom minute " + std::to_string(minute));  // OK: before Surface
        if (++minute >= bottom_minutes) phase = Phase::Ascent;
        break;
      case Phase::Ascent:
        link.upload("safety stop");  // OK: before Surface
        phase = Phase::Surface;
        break;
      case Phase::Surface:
        link.finish();  // OK: Surface is entered once and moves straight to Done
        phase = Phase::Done;
        break;
      case Phase::Done:
        break;
    }
  }
}

// The radio handler and the dusk timer both call end_of_day() on the
// tender's single event-loop thread.
class TenderBoat {
 public:
  void end_of_day() {
    std::call_once(finish_once_, [this] {
      done_ = true;
      link_.finish();  // OK: call_once runs this once
    });
  }
  void log(const std::string& r) {
    if (!done_) link_.upload(r);  // OK: done_ is set together with the finish
  }
  void dusk() {
    log("all divers aboard");
    end_of_day();
    end_of_day();  // OK: the second call does nothing
    log("late sighting");  // OK: log() skips the upload once done_ is set
  }

 private:
  SurveyLink link_;
  std::once_flag finish_once_;
  bool done_ = false;
};

void swim_transects(std::vector<TransectSlate>& slates, SurveyLink& link) {
  for (std::size_t i = 0; i < slates.size(); ++i) {
    slates[i].tally("Macrocystis", 14);  // OK: each slate is closed after its own tally
    slates[i].close();  // OK: a different slate every iteration
    for (const auto& e : slates[i].entries()) link.upload(e);  // OK: entries() is readable after close; the link finishes below
    if (i + 1 == slates.size()) link.finish();  // OK: only on the final index
  }
}

void drift_dive(SurveyLink& link, const std::vector<std::string>& sightings) {
  bool done = false;
  std::size_t next = 0;
  while (!done) {
    if (next < sightings.size()) {
      link.upload(sightings[next++]);  // OK: done is set in the same step as finish()
    } else {
      link.finish();  // OK: the loop ends right after
      done = true;
    }
  }
}
