// CTD rosette cast from a research vessel: each Niskin bottle's release solenoid is a
// NiskinLatch channel (fire()/status() after close() throw, and close() refuses to run
// twice), held in a vector of unique_ptrs indexed by bottle position; fired positions go in
// a std::set. fire_at() closes a latch as soon as its bottle trips. confirm_fired() then
// asks each fired latch for its status, and abort_cast() closes every latch, fired or not.
// recover_on_deck() skips the fired ones and the salinity probes are closed as they are
// erased from their map, which is correct.
#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class NiskinLatch {
public:
  NiskinLatch(int position, double depth) : position_(position), depth_(depth) {}
  void fire() {
    if (closed_)
      throw std::runtime_error("latch " + std::to_string(position_) + " closed");
    tripped_ = true;
  }
  bool status() const {
    if (closed_)
      throw std::runtime_error("latch " + std::to_string(position_) + " closed");
    return tripped_;
  }
  void close() {
    if (closed_)
      throw std::logic_error("latch " + std::to_string(position_) + " already closed");
    closed_ = true;
  }
  double targetDepth() const { return depth_; }

private:
  int position_;
  double depth_;
  bool tripped_ = false;
  bool closed_ = false;
};

class SalinityProbe {
public:
  double read() const { return open_ ? 35.1 : throw std::runtime_error("probe closed"); }
  void close() { open_ = false; }

private:
  bool open_ = true;
};

class RosetteCast {
public:
  explicit RosetteCast(const std::vector<double> &depths) {
    for (size_t i = 0; i < depths.size(); ++i)
      latches_.push_back(std::make_unique<NiskinLatch>(static_cast<int>(i), depths[i]));
  }

  void fire_at(double depth) {
    auto it = std::find_if(latches_.begin(), latches_.end(), [&](const std::unique_ptr<NiskinLatch> &l) {
      return l->targetDepth() >= depth && !fired_.count(static_cast<int>(&l - &latches_[0]));
    });
    if (it == latches_.end())
      return;
    (*it)->fire(); // OK: closed on the next line, not before
    (*it)->close();
    fired_.insert(static_cast<int>(it - latches_.begin()));
  }

  int confirm_fired() const {
    int ok = 0;
    for (int pos : fired_)
      if (latches_[pos]->status()) // BUG: use-after-close
        ++ok;
    return ok;
  }

  void recover_on_deck() {
    for (size_t i = 0; i < latches_.size(); ++i)
      if (!fired_.count(static_cast<int>(i)))
        latches_[i]->close(); // OK: fired latches were closed in fire_at and are skipped
  }

  void abort_cast() {
    for (auto &latch : latches_)
      latch->close(); // BUG: double-close
  }

  void add_probe(const std::string &name) { probes_.emplace(name, std::make_unique<SalinityProbe>()); }
  void retire_probe(const std::string &name) {
    auto it = probes_.find(name);
    if (it == probes_.end())
      return;
    it->second->close();
    probes_.erase(it);
  }
  double mean_salinity() const {
    double sum = 0;
    for (const auto &p : probes_)
      sum += p.second->read(); // OK: retired probes were erased after closing
    return probes_.empty() ? 0.0 : sum / static_cast<double>(probes_.size());
  }

private:
  std::vector<std::unique_ptr<NiskinLatch>> latches_;
  std::set<int> fired_;
  std::map<std::string, std::unique_ptr<SalinityProbe>> probes_;
};

double station_cast(const std::vector<double> &depths, bool winchFault) {
  RosetteCast cast(depths);
  cast.add_probe("SBE4-primary");
  cast.add_probe("SBE4-secondary");
  for (double d : depths)
    cast.fire_at(d);
  cast.retire_probe("SBE4-secondary");
  double s = cast.mean_salinity();
  if (winchFault) {
    cast.abort_cast();
    return s;
  }
  cast.confirm_fired();
  cast.recover_on_deck();
  return s;
}
