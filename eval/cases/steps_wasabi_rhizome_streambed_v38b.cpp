// Night and storm shutdown sequences for a wasabi farm whose rhizome beds sit
// in terraced spring-water streambeds. The valve bus drives the inlet gates;
// the ledger records what each shutdown did. The night sequence is a list of
// polymorphic steps: CloseValveBus runs before ReportFinalFlow, which still
// queries the bus. The storm sequence (std::function steps) sends the
// all-clear after the bus-closing step. The maintenance registry runs its
// named steps in a correct order (audit before the bus is closed).
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class ValveBus {
 public:
  void send(const std::string& cmd) {
    if (closed_) throw std::runtime_error("valve bus closed");
    std::printf("bus> %s\n", cmd.c_str());
    ++sent_;
  }
  int sent() const {
    if (closed_) throw std::runtime_error("valve bus closed");
    return sent_;
  }
  void close() { closed_ = true; }

 private:
  bool closed_ = false;
  int sent_ = 0;
};

class Ledger {
 public:
  void append(const std::string& line) { lines_.push_back(line); }

 private:
  std::vector<std::string> lines_;
};

class Step {
 public:
  virtual ~Step() = default;
  virtual const char* name() const = 0;
  virtual void run() = 0;
};

class CloseInletGates : public Step {
 public:
  explicit CloseInletGates(std::shared_ptr<ValveBus> b) : bus_(std::move(b)) {}
  const char* name() const override { return "close-inlets"; }
  void run() override { bus_->send("GATE ALL 0"); }  // OK: runs before the bus is closed

 private:
  std::shared_ptr<ValveBus> bus_;
};

class CloseValveBus : public Step {
 public:
  explicit CloseValveBus(std::shared_ptr<ValveBus> b) : bus_(std::move(b)) {}
  const char* name() const override { return "close-bus"; }
  void run() override { bus_->close(); }

 private:
  std::shared_ptr<ValveBus> bus_;
};

class ReportFinalFlow : public Step {
 public:
  ReportFinalFlow(std::shared_ptr<ValveBus> b, std::shared_ptr<Ledger> l) : bus_(std::move(b)), ledger_(std::move(l)) {}
  const char* name() const override { return "report-flow"; }
  void run() override {
    bus_->send("FLOW? ALL");  // BUG: use-after-close
    ledger_->append("night flow reported");
  }

 private:
  std::shared_ptr<ValveBus> bus_;
  std::shared_ptr<Ledger> ledger_;
};

void night_shutdown(std::shared_ptr<ValveBus> bus, std::shared_ptr<Ledger> ledger) {
  std::vector<std::unique_ptr<Step>> steps;
  steps.push_back(std::make_unique<CloseInletGates>(bus));
  steps.push_back(std::make_unique<CloseValveBus>(bus));
  steps.push_back(std::make_unique<ReportFinalFlow>(bus, ledger));
  for (auto& s : steps) {
    ledger->append(std::string("step ") + s->name());
    s->run();
  }
}

void storm_shutdown(std::shared_ptr<ValveBus> bus, std::shared_ptr<Ledger> ledger) {
  std::vector<std::function<void()>> steps;
  steps.push_back([bus] { bus->send("GATE ALL 0"); });  // OK: first step, bus open
  steps.push_back([bus] { bus->send("SHADE DOWN"); });  // OK: bus still open
  steps.push_back([bus, ledger] {
    ledger->append("storm: sent " + std::to_string(bus->sent()));  // OK: before the close step
    bus->close();
  });
  steps.push_back([ledger] { ledger->append("storm: bus closed"); });
  steps.push_back([bus] { bus->send("ALARM CLEAR"); });  // BUG: use-after-close
  for (auto& step : steps) step();
}

void maintenance(std::shared_ptr<ValveBus> bus, std::shared_ptr<Ledger> ledger) {
  std::map<std::string, std::function<void()>> registry;
  registry["flush"] = [bus] { bus->send("FLUSH BEDS"); };  // OK: runs before close-bus in the order below
  registry["audit"] = [bus, ledger] { ledger->append("sent " + std::to_string(bus->sent())); };  // OK: runs before close-bus
  registry["close-bus"] = [bus] { bus->close(); };
  registry["note"] = [ledger] { ledger->append("maintenance done"); };
  const std::vector<std::string> order = {"flush", "audit", "close-bus", "note"};
  for (const auto& name : order) registry.at(name)();
}
