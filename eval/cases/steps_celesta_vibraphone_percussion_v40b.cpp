// Orchestra pit percussion rig teardown after a ballet performance. The
// vibraphone's vibrato motor controller and the celesta's MIDI link are shut down
// by a list of polymorphic steps; the pit-lights log (FILE*) is closed by a
// registry of steps keyed by their order number.
// Correct code: every step that uses a device runs before the step that closes
// it, or checks is_open() first, or uses a different device, or runs after the
// archive step reopened the celesta link; the registry is keyed by int, so it
// runs in numeric order.
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class VibratoMotor {
public:
  void set_rpm(int rpm) {
    if (!open_)
      throw std::runtime_error("vibrato motor link closed");
    rpm_ = rpm;
  }
  void close() { open_ = false; }
  bool is_open() const { return open_; }

private:
  bool open_ = true;
  int rpm_ = 0;
};

class CelestaLink {
public:
  void send(const std::string &msg) {
    if (!open_)
      throw std::runtime_error("celesta midi link closed");
    sent_.push_back(msg);
  }
  void close() {
    if (!open_)
      throw std::runtime_error("celesta midi link already closed");
    open_ = false;
  }
  void reopen() { open_ = true; }

private:
  bool open_ = true;
  std::vector<std::string> sent_;
};

struct Step {
  virtual ~Step() = default;
  virtual const char *name() const = 0;
  virtual void run() = 0;
};

struct SpinDownMotor : Step {
  explicit SpinDownMotor(VibratoMotor &m) : motor(m) {}
  const char *name() const override { return "spin down vibrato"; }
  void run() override { motor.set_rpm(0); } // OK: runs before CloseMotor
  VibratoMotor &motor;
};

struct CloseMotor : Step {
  explicit CloseMotor(VibratoMotor &m) : motor(m) {}
  const char *name() const override { return "close vibrato motor"; }
  void run() override { motor.close(); }
  VibratoMotor &motor;
};

struct ParkMotorIfOpen : Step {
  explicit ParkMotorIfOpen(VibratoMotor &m) : motor(m) {}
  const char *name() const override { return "park vibrato if still open"; }
  void run() override {
    if (motor.is_open())
      motor.set_rpm(0); // OK: guarded by is_open()
  }
  VibratoMotor &motor;
};

struct SendCelesta : Step {
  SendCelesta(CelestaLink &l, std::string m) : link(l), msg(std::move(m)) {}
  const char *name() const override { return "celesta message"; }
  void run() override { link.send(msg); } // OK: every instance is queued while the link is open
  CelestaLink &link;
  std::string msg;
};

struct CloseCelesta : Step {
  explicit CloseCelesta(CelestaLink &l) : link(l) {}
  const char *name() const override { return "close celesta link"; }
  void run() override { link.close(); } // OK: each instance runs after an open or a reopen
  CelestaLink &link;
};

struct ReopenCelesta : Step {
  explicit ReopenCelesta(CelestaLink &l) : link(l) {}
  const char *name() const override { return "reopen celesta for archive"; }
  void run() override { link.reopen(); }
  CelestaLink &link;
};

static void run_steps(std::vector<std::unique_ptr<Step>> &steps) {
  for (auto &s : steps) {
    std::printf("teardown: %s\n", s->name());
    s->run();
  }
}

int teardown_pit(const char *log_path) {
  VibratoMotor motor;
  CelestaLink celesta;
  std::vector<std::unique_ptr<Step>> steps;
  steps.push_back(std::make_unique<SpinDownMotor>(motor));
  steps.push_back(std::make_unique<SendCelesta>(celesta, "ALL NOTES OFF"));
  steps.push_back(std::make_unique<CloseMotor>(motor));
  steps.push_back(std::make_unique<ParkMotorIfOpen>(motor));
  steps.push_back(std::make_unique<CloseCelesta>(celesta));
  steps.push_back(std::make_unique<ReopenCelesta>(celesta));
  steps.push_back(std::make_unique<SendCelesta>(celesta, "ARCHIVE SETLIST"));
  steps.push_back(std::make_unique<CloseCelesta>(celesta));
  run_steps(steps);

  FILE *pit_log = std::fopen(log_path, "a");
  if (!pit_log)
    return 1;
  std::map<int, std::function<void()>> registry;
  registry[10] = [&pit_log] { std::fputs("pit lights dimmed\n", pit_log); }; // OK: key 10 runs before key 90
  registry[20] = [&pit_log] { std::fprintf(pit_log, "steps run: %d\n", 8); }; // OK: key 20 runs before key 90
  registry[90] = [&pit_log] {
    std::fclose(pit_log);
    pit_log = nullptr;
  };
  for (auto &entry : registry)
    entry.second();
  if (pit_log)
    std::fputs("late entry\n", pit_log); // OK: nulled by the closing step
  return 0;
}
