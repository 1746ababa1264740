// A local list of step objects (`seq.push_back(std::make_unique<X>(...))`)
// handed to a helper that runs a virtual method of each element in order
// (`for (auto &s : seq) s->run();`): each element's override runs at the
// helper's call, on what its constructor bound its members to, each seeing
// what the ones before it closed; a step that reopens what an earlier one
// closed leaves it open for the later ones. A list the helper does not
// loop over runs nothing.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class TrayLink {
public:
  void command(const std::string &c) {
    if (!open_)
      throw std::runtime_error("tray link closed");
    last_ = c;
  }
  void close() { open_ = false; }
  void reopen() { open_ = true; }

private:
  bool open_ = true;
  std::string last_;
};

struct TrayStep {
  virtual ~TrayStep() = default;
  virtual void run() = 0;
};
struct SweepTray : TrayStep {
  explicit SweepTray(TrayLink &l) : link(l) {}
  void run() override { link.command("SWEEP"); }
  // CHECK: :[[@LINE-1]]:30: warning: call to 'command' on 'link' after it was closed
  TrayLink &link;
};
struct CloseTray : TrayStep {
  explicit CloseTray(TrayLink &l) : link(l) {}
  void run() override { link.close(); }
  TrayLink &link;
};
struct LightTray : TrayStep {
  explicit LightTray(TrayLink &l) : link(l) {}
  void run() override { link.command("LIGHT"); }
  TrayLink &link;
};
struct WeighTray : TrayStep {
  explicit WeighTray(TrayLink &l) : link(l) {}
  void run() override { link.command("WEIGH"); }
  TrayLink &link;
};
struct ReopenTray : TrayStep {
  explicit ReopenTray(TrayLink &l) : link(l) {}
  void run() override { link.reopen(); }
  TrayLink &link;
};

void runTraySteps(const std::vector<std::unique_ptr<TrayStep>> &seq) {
  for (const auto &step : seq)
    step->run();
}
void countTraySteps(const std::vector<std::unique_ptr<TrayStep>> &seq, int &n) {
  n = static_cast<int>(seq.size());
}

void eveningTray(TrayLink &link) {
  std::vector<std::unique_ptr<TrayStep>> seq;
  seq.push_back(std::make_unique<SweepTray>(link));
  seq.push_back(std::make_unique<CloseTray>(link));
  seq.push_back(std::make_unique<SweepTray>(link));
  runTraySteps(seq);
}

void morningTray(TrayLink &link) {
  std::vector<std::unique_ptr<TrayStep>> seq;
  seq.push_back(std::make_unique<CloseTray>(link));
  seq.push_back(std::make_unique<ReopenTray>(link));
  seq.push_back(std::make_unique<LightTray>(link));
  runTraySteps(seq);
}

void countedTray(TrayLink &link) {
  std::vector<std::unique_ptr<TrayStep>> seq;
  seq.push_back(std::make_unique<CloseTray>(link));
  seq.push_back(std::make_unique<WeighTray>(link));
  int n = 0;
  countTraySteps(seq, n);
}
