// Emu farm muster. A HornLink drives the trumpet horns that move the flock from paddock to
// paddock; close() throws if the link is already closed. sound_muster closes only in the
// last iteration, signal_until_gate breaks right after closing, and HornRoster::retire_once
// uses a first-time flag, so each closes once. stand_down was meant to close after its
// loop but closes inside it, once per paddock; drive_to_yards closes when it reaches the
// yards paddock but keeps looping and sounds the horn for the paddocks after it.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

class HornLink {
 public:
  void sound(const std::string& call) {
    if (closed_) throw std::runtime_error("horn link closed");
    calls_.push_back(call);
  }
  void close() {
    if (closed_) throw std::runtime_error("horn link closed twice");
    closed_ = true;
  }
  bool closed() const { return closed_; }

 private:
  bool closed_ = false;
  std::vector<std::string> calls_;
};

struct Paddock {
  std::string name;
  bool gate_shut = false;
  bool is_yards = false;
};

void sound_muster(HornLink& horn, const std::vector<Paddock>& paddocks) {
  const std::size_t n = paddocks.size();
  for (std::size_t i = 0; i < n; ++i) {
    horn.sound("move " + paddocks[i].name);  // OK: the close below runs only after the last call
    if (i == n - 1) horn.close();  // OK: only in the last iteration
  }
}

void signal_until_gate(HornLink& horn, const std::vector<Paddock>& paddocks) {
  for (const auto& p : paddocks) {
    horn.sound("check " + p.name);  // OK
    if (p.gate_shut) {
      horn.close();  // OK: followed by break
      break;
    }
  }
}

class HornRoster {
 public:
  void retire_once() {
    if (retired_) return;
    horn_.close();  // OK: first-time flag
    retired_ = true;
  }
  void evening(const std::vector<Paddock>& paddocks) {
    for (const auto& p : paddocks) {
      if (p.gate_shut) retire_once();  // OK: closes at most once
    }
  }
  void call(const std::string& what) {
    if (!retired_) horn_.sound(what);  // OK: flag checked
  }

 private:
  HornLink horn_;
  bool retired_ = false;
};

void stand_down(HornLink& horn, const std::vector<Paddock>& paddocks, std::vector<std::string>& log) {
  for (const auto& p : paddocks) {
    log.push_back("stood down " + p.name);
    horn.close();  // BUG: double-close
  }
}

void drive_to_yards(HornLink& horn, const std::vector<Paddock>& route) {
  for (const auto& p : route) {
    horn.sound("drive through " + p.name);  // BUG: use-after-close
    if (p.is_yards && !horn.closed()) horn.close();  // OK: guarded, never closes twice
  }
}

void drive_to_yards_fixed(HornLink& horn, const std::vector<Paddock>& route) {
  for (const auto& p : route) {
    horn.sound("drive through " + p.name);  // OK: returns right after the close
    if (p.is_yards) {
      horn.close();  // OK
      return;
    }
  }
}
