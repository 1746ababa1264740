// Birdwatching hide (negative): the hide's sightings log is the club's own
// class (record() throws after close()). The hide owns it through a
// shared_ptr; the spotting-scope camera and the tally app hold only weak_ptrs
// and lock them for each sighting, checking closed() on what they get. When
// the hide shuts for the evening it closes the log and drops its owner, so a
// later lock() yields null. The ranger's radio callback holds a shared_ptr
// copy, but the hide clears that callback before it closes the log.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class SightingsLog {
public:
  void record(const std::string &species, int count) {
    if (closed_)
      throw std::runtime_error("sightings log closed");
    entries_.emplace_back(species, count);
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }

private:
  std::vector<std::pair<std::string, int>> entries_;
  bool closed_ = false;
};

class ScopeCamera {
public:
  explicit ScopeCamera(std::weak_ptr<SightingsLog> log) : log_(std::move(log)) {}
  void onSnapshot(const std::string &species) {
    std::shared_ptr<SightingsLog> log = log_.lock();
    if (!log || log->closed())
      return;
    log->record(species, 1); // OK: locked and checked open
  }

private:
  std::weak_ptr<SightingsLog> log_;
};

class Hide {
public:
  Hide() : log_(std::make_shared<SightingsLog>()), camera_(log_) {
    std::shared_ptr<SightingsLog> copy = log_;
    radio_ = [copy](const std::string &species) { copy->record(species, 1); }; // OK: cleared before the close
  }

  std::weak_ptr<SightingsLog> tallyHandle() const { return log_; }
  ScopeCamera &camera() { return camera_; }
  void radioCall(const std::string &species) {
    if (radio_)
      radio_(species);
  }

  void closeForEvening() {
    radio_ = nullptr;
    log_->close();
    log_.reset();
  }

private:
  std::shared_ptr<SightingsLog> log_;
  ScopeCamera camera_;
  std::function<void(const std::string &)> radio_;
};

void tallyApp(const std::weak_ptr<SightingsLog> &handle, const std::string &species, int count) {
  if (auto log = handle.lock())
    log->record(species, count); // OK: only the hide owns the log, and it resets its owner right after close
}

void saturdayAtTheMarsh() {
  Hide hide;
  std::weak_ptr<SightingsLog> tally = hide.tallyHandle();
  hide.camera().onSnapshot("marsh harrier");
  hide.radioCall("bittern");
  tallyApp(tally, "teal", 40);
  hide.closeForEvening();
  hide.camera().onSnapshot("barn owl"); // OK: lock() yields null after the hide dropped the log
  hide.radioCall("barn owl"); // OK: the callback was cleared
  tallyApp(tally, "starling", 3000); // OK: lock() yields null
}
