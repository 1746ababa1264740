// Platypus survey on a string of billabongs. Each tagged animal has an AnkletStream (a
// radio stream from its leg band) held in a vector of unique_ptr, in tagging order.
// end_of_survey stops every stream and then samples the first one by index for the report;
// relocate keeps a reference to an element, stops it through stop_at(), and samples it
// through the stale reference. Flushing and stopping in the same iteration, sampling
// neighbours after stopping one index, and retiring (stop + erase) are correct.
#include <cstddef>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class AnkletStream {
 public:
  explicit AnkletStream(std::string tag) : tag_(std::move(tag)) {}
  double sample() {
    if (stopped_) throw std::runtime_error("anklet stream " + tag_ + " stopped");
    return static_cast<double>(++samples_);
  }
  void flush() {
    if (stopped_) throw std::runtime_error("anklet stream " + tag_ + " stopped");
    samples_ = 0;
  }
  void stop() {
    if (stopped_) throw std::runtime_error("anklet stream " + tag_ + " already stopped");
    stopped_ = true;
  }
  bool stopped() const { return stopped_; }
  const std::string& tag() const { return tag_; }

 private:
  std::string tag_;
  bool stopped_ = false;
  int samples_ = 0;
};

class BillabongSurvey {
 public:
  void tag(const std::string& id) { streams_.push_back(std::make_unique<AnkletStream>(id)); }

  double end_of_survey() {
    if (streams_.empty()) return 0.0;
    for (auto& s : streams_) {
      s->flush();  // OK: flushed before it is stopped in this iteration
      s->stop();
    }
    double first = streams_[0]->sample();  // BUG: use-after-close
    streams_.clear();
    return first;
  }

  double relocate(std::size_t i) {
    if (i >= streams_.size()) return 0.0;
    AnkletStream& animal = *streams_[i];
    double before = animal.sample();  // OK
    stop_at(i);
    double after = animal.sample();  // BUG: use-after-close
    streams_.erase(streams_.begin() + static_cast<std::ptrdiff_t>(i));
    return after - before;
  }

  double pool_neighbours(std::size_t i) {
    if (i >= streams_.size()) return 0.0;
    stop_at(i);
    double total = 0.0;
    for (std::size_t j = i + 1; j < streams_.size(); ++j) {
      total += streams_[j]->sample();  // OK: j > i, only index i was stopped
    }
    streams_.erase(streams_.begin() + static_cast<std::ptrdiff_t>(i));
    return total;
  }

  void retire(std::size_t i) {
    if (i >= streams_.size()) return;
    stop_at(i);
    streams_.erase(streams_.begin() + static_cast<std::ptrdiff_t>(i));
    for (auto& s : streams_) s->sample();  // OK: the stopped stream was erased
  }

  void queue_for_upload() {
    for (auto& s : streams_) {
      if (s->stopped()) continue;
      pending_.push_back(s->tag());
      s->flush();  // OK: skipped if stopped
    }
    pending_.clear();
  }

 private:
  void stop_at(std::size_t i) { streams_[i]->stop(); }

  std::vector<std::unique_ptr<AnkletStream>> streams_;
  std::deque<std::string> pending_;
};

// Streams parked while their animals are in burrows; the front one is stopped and popped.
class BurrowQueue {
 public:
  void park(std::unique_ptr<AnkletStream> s) { parked_.push_back(std::move(s)); }

  void release_front() {
    if (parked_.empty()) return;
    parked_.front()->stop();
    parked_.pop_front();
    if (!parked_.empty()) parked_.front()->sample();  // OK: a different element is now at the front
  }

  void ping_back_after_stop() {
    if (parked_.size() < 2) return;
    parked_.back()->stop();
    parked_.front()->sample();  // OK: front and back differ when size >= 2
    parked_.back()->flush();  // BUG: use-after-close
    parked_.pop_back();
  }

 private:
  std::deque<std::unique_ptr<AnkletStream>> parked_;
};
