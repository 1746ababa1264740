// Reagent QC lab: an autotitrator's burette doser and pH meter are serial instruments built
// on a CRTP base, LabInstrument<Derived> (command() on a closed port throws "<name> port
// closed", close() throws when the port is already closed). TitrationRun<Doser, Meter>
// doses toward an endpoint and, on an overshoot, aborts by closing both instruments and
// returning false. titrate_lot() logs the failed run and then rinses the burette or closes
// everything with close_all(), both on instruments abort() already closed. The QC lot that
// returns on failure and the destructor-style shutdown that checks is_open() are correct.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

template <typename Derived> class LabInstrument {
public:
  void command(const std::string &line) {
    if (!open_)
      throw std::runtime_error(std::string(Derived::kName) + " port closed");
    last_ = line;
  }
  void close() {
    if (!open_)
      throw std::logic_error(std::string(Derived::kName) + " port closed twice");
    open_ = false;
  }
  bool is_open() const { return open_; }

protected:
  std::string last_;

private:
  bool open_ = true;
};

class BuretteDoser : public LabInstrument<BuretteDoser> {
public:
  static constexpr const char *kName = "burette";
  void dose(double ml) { command("DOSE " + std::to_string(ml)); }
};

class PhMeter : public LabInstrument<PhMeter> {
public:
  static constexpr const char *kName = "pH meter";
  double read() {
    command("READ");
    return parse_reply();
  }

private:
  double parse_reply(); // in the serial driver: waits for "pH=x.xx\r"
};

template <typename Doser, typename Meter> class TitrationRun {
public:
  TitrationRun(Doser &d, Meter &m) : doser_(d), meter_(m) {}
  bool to_endpoint(double targetPh, double maxMl) {
    double added = 0.0;
    while (meter_.read() < targetPh) {
      if (added > maxMl) {
        abort("overshoot past " + std::to_string(maxMl) + " ml");
        return false;
      }
      doser_.dose(0.05); // OK: abort() returns out of the loop
      added += 0.05;
    }
    return true;
  }

private:
  void abort(const std::string &why) {
    std::fprintf(stderr, "titration aborted: %s\n", why.c_str());
    doser_.close();
    meter_.close();
  }
  Doser &doser_;
  Meter &meter_;
};

template <typename... Instruments> void close_all(Instruments &...inst) {
  (inst.close(), ...); // SAME: closeall
}

template <typename Doser> void rinse(Doser &doser, int cycles) {
  for (int i = 0; i < cycles; ++i)
    doser.dose(-10.0); // SAME: rinse
}

template <typename... Instruments> void shutdown_if_open(Instruments &...inst) {
  ((inst.is_open() ? inst.close() : void()), ...); // OK: each close is guarded by is_open()
}

bool titrate_qc_lot(BuretteDoser &doser, PhMeter &meter) {
  TitrationRun<BuretteDoser, PhMeter> run(doser, meter);
  if (!run.to_endpoint(8.2, 25.0))
    return false;
  rinse(doser, 2); // OK: the run returned true, nothing was closed
  close_all(doser, meter); // OK: first and only close on this path
  return true;
}

void titrate_lot(const std::vector<double> &endpoints, bool rinseAfter) {
  BuretteDoser doser;
  PhMeter meter;
  TitrationRun<BuretteDoser, PhMeter> run(doser, meter);
  bool ok = run.to_endpoint(endpoints.empty() ? 8.2 : endpoints.front(), 25.0);
  if (!ok)
    std::fprintf(stderr, "lot flagged for manual titration\n");
  if (rinseAfter)
    rinse(doser, 3); // BUG: use-after-close #rinse
  else
    close_all(doser, meter); // BUG: double-close #closeall
}

void titrate_with_spares(BuretteDoser &doser, PhMeter &meter) {
  titrate_qc_lot(doser, meter);
  shutdown_if_open(doser, meter);
}
