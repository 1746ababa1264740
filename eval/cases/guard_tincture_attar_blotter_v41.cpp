// Natural perfumery lab: a tincture maceration vessel is a TinctureVessel controller link
// (stir()/decant() after close() throw; emergency_vent() closes it), the attar still is
// reached through a state enum, and the blotter-strip printer is a descriptor wrapper with
// valid(). The guards are the ones people write: a state switch whose Closed case returns,
// a null-or-closed early return, the printer's valid() re-checked after each close, a
// closed() query taken after the possible close. One is stale: finish_maceration() stores
// is_open() in a local before the over-temperature check that may vent and close the
// vessel, then decants on the strength of the old answer.
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>

class TinctureVessel {
public:
  void stir(int rpm) {
    if (!open_)
      throw std::runtime_error("tincture vessel closed");
    rpm_ = rpm;
  }
  void decant(const std::string &flacon) {
    if (!open_)
      throw std::runtime_error("tincture vessel closed, cannot decant into " + flacon);
  }
  void close() { open_ = false; }
  bool is_open() const { return open_; }
  double temperature() const { return 31.0 + rpm_ / 100.0; }

private:
  int rpm_ = 0;
  bool open_ = true;
};

static void emergency_vent(TinctureVessel &vessel) {
  vessel.close();
}

enum class AttarState { Heating, Distilling, Closed };

class AttarStill {
public:
  AttarState state() const { return state_; }
  void collect(int ml) {
    if (state_ == AttarState::Closed)
      throw std::runtime_error("attar still closed");
    collected_ += ml;
  }
  void close() { state_ = AttarState::Closed; }

private:
  AttarState state_ = AttarState::Heating;
  int collected_ = 0;
};

class BlotterPrinter {
public:
  explicit BlotterPrinter(const char *dev) : fd_(::open(dev, O_WRONLY | O_NOCTTY)) {}
  bool valid() const { return fd_ >= 0; }
  bool print(const std::string &label) {
    if (::write(fd_, label.data(), label.size()) == static_cast<ssize_t>(label.size()))
      return true;
    ::close(fd_);
    fd_ = -1;
    return false;
  }

private:
  int fd_;
};

void finish_maceration(TinctureVessel &vessel, const std::string &flacon, double limitC) {
  const bool vesselOpen = vessel.is_open();
  if (vessel.temperature() > limitC)
    emergency_vent(vessel);
  if (vesselOpen)
    vessel.decant(flacon); // BUG: use-after-close
}

void finish_maceration_rechecked(TinctureVessel &vessel, const std::string &flacon, double limitC) {
  if (vessel.temperature() > limitC)
    emergency_vent(vessel);
  const bool vesselOpen = vessel.is_open();
  if (vesselOpen)
    vessel.decant(flacon); // OK: the query was taken after the possible vent
}

void top_up(TinctureVessel *vessel) {
  if (!vessel || !vessel->is_open())
    return;
  vessel->stir(120); // OK: null-or-closed returned above
}

void attar_pass(AttarStill &still, int ml) {
  switch (still.state()) {
  case AttarState::Closed:
    return;
  case AttarState::Heating:
  case AttarState::Distilling:
    still.collect(ml); // OK: the Closed case returned
    break;
  }
}

int label_blotters(BlotterPrinter &printer, int strips) {
  int printed = 0;
  for (int i = 0; i < strips && printer.valid(); ++i)
    if (printer.print("strip " + std::to_string(i) + "\n")) // OK: print() closes on failure and valid() stops the loop
      ++printed;
  return printed;
}

void evening_round(const std::shared_ptr<TinctureVessel> &vessel, AttarStill &still) {
  std::weak_ptr<TinctureVessel> watch = vessel;
  if (auto v = watch.lock())
    if (v->is_open())
      v->stir(60); // OK: locked and checked open
  still.close();
  attar_pass(still, 5); // OK: attar_pass returns on a closed still
}
