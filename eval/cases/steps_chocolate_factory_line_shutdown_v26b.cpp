// Chocolate factory line shutdown. At the end of a production run the line
// controller walks a list of named shutdown steps (stop the enrober, drain the
// tempering machine, report yield, close the feeds), timing each one, and the
// cooling tunnel has its own timed teardown.
#include "messaging.h"
#include "netconn.h"

#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace chocolate {

struct Step {
  std::string name;
  std::function<void()> run;
};

void runSteps(const std::vector<Step> &steps) {
  for (const Step &s : steps) {
    auto t0 = std::chrono::steady_clock::now();
    s.run();
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - t0)
                  .count();
    std::printf("[shutdown] %-24s %lld ms\n", s.name.c_str(), static_cast<long long>(ms));
  }
}

template <typename F> void timed(const char *what, F &&fn) {
  auto t0 = std::chrono::steady_clock::now();
  std::forward<F>(fn)();
  std::printf("[tunnel] %s took %lld us\n", what,
              static_cast<long long>(std::chrono::duration_cast<std::chrono::microseconds>(
                                         std::chrono::steady_clock::now() - t0)
                                         .count()));
}

struct Line {
  net::Connection enrober{"enrober:5020"};
  kafka::KafkaProducer temper{"kafka-line:9092"};
  int kgMoulded = 0;
  int kgRejected = 0;
};

void endRun(Line &line) {
  std::vector<Step> steps;
  steps.push_back({"stop enrober", [&line] { line.enrober.send("STOP"); }});
  steps.push_back({"drain temperer", [&line] {
                     line.temper.send({"line.temper", "drain"});
                     line.temper.flush();
                   }});
  steps.push_back({"report yield", [&line] {
                     line.temper.send({"line.yield", std::to_string(line.kgMoulded)}); // OK
                   }});
  steps.push_back({"close feeds", [&line] {
                     line.enrober.close();
                     line.temper.close();
                   }});
  runSteps(steps);
}

void endRunEarlyClose(Line &line) {
  std::vector<Step> steps;
  steps.push_back({"stop enrober", [&line] { line.enrober.send("STOP"); }});
  steps.push_back({"close temperer", [&line] { line.temper.close(); }});
  steps.push_back({"close enrober", [&line] { line.enrober.close(); }});
  steps.push_back({"report rejects", [&line] {
                     line.temper.send({"line.rejects", std::to_string(line.kgRejected)}); // BUG: use-after-close #rejects
                   }});
  runSteps(steps); // SAME: rejects
}

void teardownTunnel(net::Connection &tunnel, int zones) {
  timed("fans off", [&] {
    for (int z = 0; z < zones; ++z)
      tunnel.send("FAN " + std::to_string(z) + " OFF"); // OK
  });
  timed("flush", [&] { tunnel.flush(); }); // OK
  timed("close", [&] { tunnel.close(); });
  timed("verify", [&] {
    if (!tunnel.isClosed())
      tunnel.send("PING"); // OK
  });
}

void teardownTunnelHurried(net::Connection &tunnel) {
  timed("close", [&] { tunnel.close(); });
  timed("defrost", [&] { tunnel.send("DEFROST"); }); // BUG: use-after-close
}

} // namespace chocolate
