// Tannery vat monitoring. Each liming/tanning vat streams pH and temperature
// readings over a sensor link; a link is closed when its vat is drained for
// recalibration. The floor controller checks link state in several ways
// before pushing readings.
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>

namespace tannery {

class VatLink {
public:
  enum class State { Idle, Streaming, Closed };

  explicit VatLink(int vat) : vat_(vat) {}

  void push(double ph, double celsius) {
    if (state_ == State::Closed)
      throw std::runtime_error("vat link closed: vat " + std::to_string(vat_));
    state_ = State::Streaming;
    lastPh_ = ph;
    lastC_ = celsius;
  }

  void close() { state_ = State::Closed; }
  bool is_open() const { return state_ != State::Closed; }
  State state() const { return state_; }
  explicit operator bool() const { return is_open(); }

private:
  int vat_;
  State state_ = State::Idle;
  double lastPh_ = 7.0;
  double lastC_ = 20.0;
};

struct Reading {
  double ph = 7.0;
  double celsius = 20.0;
};

class VatFloor {
public:
  void addVat(int vat) { links_.emplace(vat, VatLink(vat)); }

  void sample(int vat, const Reading &r) {
    VatLink &link = links_.at(vat);
    if (r.ph > 12.5)
      link.close();
    if (!link.is_open() || draining_)
      return;
    link.push(r.ph, r.celsius); // OK
  }

  void sampleGuarded(int vat, const Reading &r) {
    VatLink &link = links_.at(vat);
    if (r.celsius > 38.0)
      link.close();
    if (!link)
      return;
    link.push(r.ph, r.celsius); // OK
  }

  void recalibrate(int vat, const Reading &r) {
    VatLink &link = links_.at(vat);
    const bool wasOpen = link.is_open();
    if (r.ph < 2.0)
      link.close();
    if (wasOpen)
      link.push(r.ph, r.celsius); // BUG: use-after-close
  }

  void transfer(int limingVat, int tanningVat, const Reading &r) {
    VatLink &liming = links_.at(limingVat);
    VatLink &tanning = links_.at(tanningVat);
    tanning.close();
    if (liming.is_open())
      tanning.push(r.ph, r.celsius); // BUG: use-after-close
    const bool limingOpen = liming.is_open();
    if (limingOpen)
      liming.push(r.ph, r.celsius); // OK
  }

  void streamUntilDrained(int vat, const Reading *readings, int n) {
    VatLink &link = links_.at(vat);
    int i = 0;
    while (link.state() != VatLink::State::Closed && i < n) {
      link.push(readings[i].ph, readings[i].celsius); // OK
      if (readings[i].ph > 13.0)
        link.close();
      ++i;
    }
    std::printf("vat %d: %d readings\n", vat, i);
  }

  void drainAll() {
    draining_ = true;
    for (auto &entry : links_)
      entry.second.close();
  }

private:
  std::map<int, VatLink> links_;
  bool draining_ = false;
};

} // namespace tannery
