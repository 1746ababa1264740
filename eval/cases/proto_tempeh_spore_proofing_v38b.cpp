// Proofing chamber controller for a tempeh maker: inoculated soybean trays
// sit at ~30C for 24-36 hours while the chamber logs temperature and humidity.
// Once a batch is sealed, ProofingChamber refuses further readings with a
// logic_error. run_batch() seals the chamber when the mycelium is ready and
// then logs the reading that arrived in the same poll; pack_batch() weighs the
// trays after sealing through record_yield(). The guarded poll loop, the
// reopen for the next batch and the sealed() check in the alarm path are
// correct.
#include <stdexcept>
#include <string>
#include <vector>

class ProofingChamber {
 public:
  enum class State { Idle, Proofing, Sealed };

  void begin(const std::string& batch) {
    if (state_ == State::Proofing) throw std::logic_error("chamber busy with " + batch_);
    batch_ = batch;
    readings_.clear();
    state_ = State::Proofing;
  }

  void log_reading(double celsius, double rh) {
    ensure_open("log_reading");
    readings_.push_back({celsius, rh});
  }

  void note_weight(double grams) {
    ensure_open("note_weight");
    yield_grams_ += grams;
  }

  void seal() {
    ensure_open("seal");
    state_ = State::Sealed;
  }

  void reopen() {
    if (state_ != State::Sealed) return;
    state_ = State::Idle;
    yield_grams_ = 0;
  }

  bool sealed() const { return state_ == State::Sealed; }
  size_t samples() const { return readings_.size(); }

 private:
  struct Reading {
    double celsius;
    double rh;
  };
  void ensure_open(const char* op) const {
    if (state_ != State::Proofing) throw std::logic_error(std::string(op) + ": chamber closed for " + batch_);
  }

  State state_ = State::Idle;
  std::string batch_;
  std::vector<Reading> readings_;
  double yield_grams_ = 0;
};

struct Poll {
  double celsius;
  double rh;
  bool mycelium_knit;
};

static void record_yield(ProofingChamber& c, const std::vector<double>& trays) {
  for (double g : trays) c.note_weight(g);  // SAME: yield_after_seal
}

void run_batch(ProofingChamber& c, const std::string& batch, const std::vector<Poll>& polls) {
  c.begin(batch);
  for (const auto& p : polls) {
    if (p.mycelium_knit) {
      c.seal();
      c.log_reading(p.celsius, p.rh);  // BUG: use-after-close
      break;
    }
    c.log_reading(p.celsius, p.rh);  // OK: seal() only happens in the branch that breaks
  }
}

void pack_batch(ProofingChamber& c, const std::vector<double>& trays) {
  if (!c.sealed()) c.seal();
  record_yield(c, trays);  // BUG: use-after-close #yield_after_seal
}

void overheat_alarm(ProofingChamber& c, double celsius) {
  if (c.sealed()) return;
  c.log_reading(celsius, 0.0);  // OK: returns above when sealed
}

void weigh_then_seal(ProofingChamber& c, const std::vector<double>& trays) {
  record_yield(c, trays);
  c.seal();
}

void next_batch(ProofingChamber& c, const std::string& batch, double celsius, double rh) {
  c.reopen();
  c.begin(batch);
  c.log_reading(celsius, rh);  // OK: reopened and begun
  if (c.samples() > 0 && !c.sealed()) c.note_weight(0.0);  // OK: guarded by sealed()
}
