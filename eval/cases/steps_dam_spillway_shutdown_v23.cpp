// Dam spillway control: the station's orderly shutdown runs named steps
// through runStep() (which runs the step immediately and logs any exception)
// and then the shutdown hooks registered by subsystems, in registration
// order.  The SCADA telemetry uplink is a net::Connection (send()/flush()
// throw once closed; close() is idempotent); the shift report is a
// std::ofstream.  Defects: the telemetry hook, registered first, closes the
// uplink before the gate controller's hook reports the final gate positions
// through it; and the "close report" step runs before the step that appends
// the final reservoir level, so the level is silently lost from the report.
#include "netconn.h"

#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class ShutdownHooks {
public:
  void add(std::string name, std::function<void()> fn) {
    hooks_.emplace_back(std::move(name), std::move(fn));
  }
  void runAll() {
    for (auto &h : hooks_) {
      std::printf("shutdown hook: %s\n", h.first.c_str());
      h.second();
    }
    hooks_.clear();
  }

private:
  std::vector<std::pair<std::string, std::function<void()>>> hooks_;
};

bool runStep(const char *name, const std::function<void()> &fn) {
  try {
    fn();
    std::printf("step %s done\n", name);
    return true;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "step %s failed: %s\n", name, e.what());
    return false;
  }
}

class TelemetryUplink {
public:
  explicit TelemetryUplink(ShutdownHooks &hooks)
      : conn_(std::make_shared<net::Connection>("scada.hydro.local:2404")) {
    hooks.add("telemetry", [conn = conn_] {
      conn->flush();
      conn->close();
    });
  }
  std::shared_ptr<net::Connection> connection() const { return conn_; }

private:
  std::shared_ptr<net::Connection> conn_;
};

class GateController {
public:
  GateController(ShutdownHooks &hooks, std::shared_ptr<net::Connection> uplink)
      : uplink_(std::move(uplink)), openings_(4, 0.35) {
    hooks.add("gates", [this] {
      for (size_t i = 0; i < openings_.size(); ++i) {
        openings_[i] = 0.0;
        uplink_->send("GATE " + std::to_string(i) + " SHUT"); // BUG: use-after-close
      }
    });
  }
  void setOpening(size_t gate, double fraction) {
    openings_.at(gate) = fraction;
    uplink_->send("GATE " + std::to_string(gate) + " " + std::to_string(fraction)); // OK: runs during operation, before any hook
  }
  double totalOpening() const {
    double sum = 0;
    for (double o : openings_)
      sum += o;
    return sum;
  }

private:
  std::shared_ptr<net::Connection> uplink_;
  std::vector<double> openings_;
};

int main() {
  ShutdownHooks hooks;
  TelemetryUplink telemetry(hooks);
  GateController gates(hooks, telemetry.connection());
  gates.setOpening(1, 0.6);
  gates.setOpening(2, 0.2);

  const std::string reportPath = "/var/spillway/shift_report.txt";
  std::ofstream report(reportPath, std::ios::app);
  double reservoirLevel = 412.37;

  runStep("record gate log", [&] {
    report << "total gate opening " << gates.totalOpening() << "\n";
  });
  runStep("close report", [&] { report.close(); });
  runStep("final level", [&] {
    report << "final reservoir level " << reservoirLevel << " m\n"; // BUG: use-after-close
  });
  runStep("archive copy", [&] {
    std::ofstream archive("/var/spillway/archive/levels.txt", std::ios::app);
    archive << reservoirLevel << "\n"; // OK: a separate stream, open here
  });
  runStep("reopen report", [&] { report.open(reportPath, std::ios::app); });
  runStep("operator sign-off", [&] {
    report << "signed off by duty engineer\n"; // OK: the report was reopened
    report.close();
  });

  hooks.runAll();
  return 0;
}
