// Commemorative coin works: coining presses are CoiningPress links (strike() after close()
// throws) kept in the CoiningPressRegistry returned by press_registry(); the assay office's XRF
// gun is an AssayLink. The helpers close the link only when something is wrong and then
// report it: strike_obverse() returns false on a misaligned die, feed_planchets() returns a
// std::error_code, assay_or_throw() throws, and scrap_run() never returns. release_proofs()
// ignores strike_obverse()'s result and strikes the reverse through a second press_registry()
// lookup of the same press; feed_and_strike() only logs a non-empty error_code and strikes
// on. The callers that return, catch and return, or rely on [[noreturn]] are correct.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>
#include <system_error>

class CoiningPress {
public:
  void strike(const std::string &die, int tonnes) {
    if (closed_)
      throw std::runtime_error("coining press closed, cannot strike " + die);
    strikes_ += tonnes > 0 ? 1 : 0;
  }
  double die_offset_mm() const; // reads the die-alignment gauge
  void close() { closed_ = true; }

private:
  int strikes_ = 0;
  bool closed_ = false;
};

class CoiningPressRegistry {
public:
  CoiningPress &press(const std::string &name) { return presses_[name]; }

private:
  std::map<std::string, CoiningPress> presses_;
};

CoiningPressRegistry &press_registry() {
  static CoiningPressRegistry registry;
  return registry;
}

class AssayLink {
public:
  double fineness() {
    if (closed_)
      throw std::runtime_error("assay link closed");
    return read_spectrum();
  }
  void close() { closed_ = true; }

private:
  double read_spectrum(); // parts per thousand of silver, from the XRF gun
  bool closed_ = false;
};

bool strike_obverse(CoiningPress &press, const std::string &die) {
  if (press.die_offset_mm() > 0.02) {
    press.close();
    return false;
  }
  press.strike(die, 160);
  return true;
}

std::error_code feed_planchets(CoiningPress &press, int count, bool hopperJam) {
  if (hopperJam || count <= 0) {
    press.close();
    return std::make_error_code(std::errc::device_or_resource_busy);
  }
  return {};
}

void assay_or_throw(AssayLink &xrf, double minimum) {
  if (xrf.fineness() < minimum) {
    xrf.close();
    throw std::runtime_error("planchet batch below standard");
  }
}

[[noreturn]] void scrap_run(CoiningPress &press, const char *why) {
  press.close();
  std::fprintf(stderr, "coin run scrapped: %s\n", why);
  std::abort();
}

void release_proofs(const std::string &pressName) {
  strike_obverse(press_registry().press(pressName), "obverse-jubilee");
  press_registry().press(pressName).strike("reverse-jubilee", 160); // BUG: use-after-close
}

bool release_circulation(const std::string &pressName) {
  CoiningPress &press = press_registry().press(pressName);
  if (!strike_obverse(press, "obverse-2025"))
    return false;
  press.strike("reverse-2025", 140); // OK: strike_obverse() returned true
  return true;
}

void feed_and_strike(CoiningPress &press, int planchets, bool jam) {
  std::error_code ec = feed_planchets(press, planchets, jam);
  if (ec)
    std::fprintf(stderr, "planchet feed: %s\n", ec.message().c_str());
  press.strike("obverse-2025", 140); // BUG: use-after-close
}

double assay_batch(AssayLink &xrf, CoiningPress &press, bool cracked) {
  try {
    assay_or_throw(xrf, 925.0);
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 0.0;
  }
  if (cracked)
    scrap_run(press, "cracked collar");
  press.strike("obverse-sterling", 180); // OK: scrap_run() does not return
  return xrf.fineness(); // OK: assay_or_throw() threw on the closing path and we returned
}
