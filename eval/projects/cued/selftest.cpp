// The pre-show check run by "cued --check": every VFD answers its banner and
// agrees the protocol, the safety PLC answers a loop test, and the drive bus
// survives a close/reopen cycle. Negative: each use of a link comes after
// the check that proves it open (a `continue` after a failed banner, the
// stored alive() result after negotiate(), operator bool after
// expectBanner()), and the bus is reopened before it is used again.
#include "decksocket.h"
#include "drivebus.h"
#include "parley.h"
#include "lineplot.h"
#include "preshow.h"

#include <chrono>
#include <cstdio>
#include <exception>

namespace cued {

namespace {

constexpr std::chrono::milliseconds kDial{1500};
constexpr std::chrono::milliseconds kReply{800};
constexpr std::uint8_t kOpStatus = 0x20;

void fail(bool &allGood, const std::string &what) {
  std::fprintf(stderr, "check: %s\n", what.c_str());
  allGood = false;
}

void checkVfds(const LinePlot &plot, bool &allGood) {
  for (const LineSpec &spec : plot.lines()) {
    if (spec.kind != "vfd")
      continue;
    if (const auto ident = probeVfd(spec))
      std::fprintf(stderr, "check: %s is %s\n", spec.name.c_str(), ident->c_str());
    try {
      DeckSocket link(spec.host, spec.port, kDial);
      if (!expectBanner(link, "VFD")) {
        fail(allGood, spec.name + ": no banner");
        continue;
      }
      const std::string self = link.query("SELFTEST?", kReply); // OK: a failed banner continued above
      if (self != "PASS")
        fail(allGood, spec.name + ": self test says " + self);
      try {
        negotiate(link, spec.name);
      } catch (const std::exception &e) {
        fail(allGood, e.what());
      }
      const bool ok = link.alive();
      if (ok)
        link.sendLine("BYE"); // OK: negotiate() closes only when it throws, and alive() says so
    } catch (const std::exception &e) {
      fail(allGood, spec.name + ": " + e.what());
    }
  }
}

void checkPlc(const ShowSettings &cfg, bool &allGood) {
  if (cfg.plcHost.empty()) {
    fail(allGood, "no safety PLC configured");
    return;
  }
  try {
    DeckSocket plc(cfg.plcHost, cfg.plcPort, kDial);
    if (!expectBanner(plc, "PLC"))
      fail(allGood, "safety PLC: unexpected banner");
    if (plc && plc.query("LOOPTEST", kReply) != "LOOP OK") // OK: operator bool is false once expectBanner() closed it
      fail(allGood, "safety PLC: loop test failed");
  } catch (const std::exception &e) {
    fail(allGood, std::string("safety PLC: ") + e.what());
  }
}

void checkBus(const LinePlot &plot, bool &allGood) {
  int firstServo = -1;
  for (const LineSpec &spec : plot.lines())
    if (spec.kind == "servo") {
      firstServo = spec.busAddress;
      break;
    }
  if (firstServo < 0)
    return;
  try {
    DriveBus bus(plot.settings().busDevice, plot.settings().busBaud);
    bus.transact(firstServo, {kOpStatus});
    bus.shutdown();
    bus.reopen();
    bus.transact(firstServo, {kOpStatus}); // OK: reopened on the line above
  } catch (const std::exception &e) {
    fail(allGood, std::string("drive bus: ") + e.what());
  }
}

} // namespace

bool runSelfTest(const std::string &plotPath) {
  LinePlot plot;
  if (!plot.load(plotPath)) {
    std::fprintf(stderr, "check: %s\n", plot.error().c_str());
    return false;
  }
  bool allGood = true;
  checkVfds(plot, allGood);
  checkPlc(plot.settings(), allGood);
  checkBus(plot, allGood);
  std::fprintf(stderr, "check: %s\n", allGood ? "rig may be used" : "DO NOT FLY");
  return allGood;
}

} // namespace cued
