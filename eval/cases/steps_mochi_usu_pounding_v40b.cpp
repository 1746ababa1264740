// Mochi line shutdown. The rice steamer cabinet, the robotic kine (pounding
// mallet) over the usu and the packet label printer are shut down by a list of
// named steps run in order; a second, "weekly clean" sequence is kept in a
// registry of named steps.
// Two mistakes: the evening plan reports the stroke count after the
// "disconnect arm" step (strokes() asks the arm over its link), and the weekly
// registry is a std::map, so "close-printer" runs before "print-summary"
// (alphabetical order, not insertion order).
#include <cstdio>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class SteamCabinet {
public:
  void vent() {
    if (closed_)
      throw std::runtime_error("steam cabinet closed");
    bar_ = 0.0;
  }
  double pressure() const {
    if (closed_)
      throw std::runtime_error("steam cabinet closed");
    return bar_;
  }
  void close() { closed_ = true; }

private:
  bool closed_ = false;
  double bar_ = 1.2;
};

class KineArm {
public:
  void park() {
    if (!connected_)
      throw std::runtime_error("kine arm disconnected");
    parked_ = true;
  }
  int strokes() const {
    if (!connected_)
      throw std::runtime_error("kine arm disconnected");
    return strokes_;
  }
  void disconnect() { connected_ = false; }

private:
  bool connected_ = true;
  bool parked_ = false;
  int strokes_ = 0;
};

class LabelPrinter {
public:
  void line(const std::string &text) {
    if (!open_)
      throw std::runtime_error("label printer closed");
    std::printf("LABEL %s\n", text.c_str());
  }
  void close() { open_ = false; }

private:
  bool open_ = true;
};

class ShutdownPlan {
public:
  void add(std::string name, std::function<void()> fn) { steps_.emplace_back(std::move(name), std::move(fn)); }
  void run() {
    for (auto &s : steps_) {
      std::printf("step: %s\n", s.first.c_str());
      s.second();
    }
  }

private:
  std::vector<std::pair<std::string, std::function<void()>>> steps_;
};

void build_evening_plan(ShutdownPlan &plan, SteamCabinet &steam, KineArm &arm, LabelPrinter &printer) {
  plan.add("park arm", [&arm] { arm.park(); }); // OK: runs before "disconnect arm"
  plan.add("vent steam", [&steam] { steam.vent(); }); // OK: runs before "close steam"
  plan.add("label pressure", [&steam, &printer] { printer.line("bar " + std::to_string(steam.pressure())); }); // OK: both still open
  plan.add("close steam", [&steam] { steam.close(); });
  plan.add("disconnect arm", [&arm] { arm.disconnect(); });
  plan.add("label strokes", [&arm, &printer] { printer.line("strokes " + std::to_string(arm.strokes())); }); // BUG: use-after-close
  plan.add("close printer", [&printer] { printer.close(); });
}

void build_weekly_clean(std::map<std::string, std::function<void()>> &registry, SteamCabinet &steam,
                        LabelPrinter &printer) {
  registry["vent-steam"] = [&steam] { steam.vent(); };
  registry["print-summary"] = [&printer] { printer.line("weekly clean done"); }; // BUG: use-after-close
  registry["close-printer"] = [&printer] { printer.close(); };
  registry["zz-close-steam"] = [&steam] { steam.close(); };
}

void run_registry(std::map<std::string, std::function<void()>> &registry) {
  for (auto &entry : registry) {
    std::printf("weekly step: %s\n", entry.first.c_str());
    entry.second();
  }
}

int close_mochi_line() {
  SteamCabinet steam;
  KineArm arm;
  LabelPrinter printer;
  ShutdownPlan evening;
  build_evening_plan(evening, steam, arm, printer);
  try {
    evening.run();
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "evening shutdown: %s\n", e.what());
  }

  SteamCabinet steam2;
  LabelPrinter printer2;
  std::map<std::string, std::function<void()>> weekly;
  build_weekly_clean(weekly, steam2, printer2);
  run_registry(weekly);
  return 0;
}
