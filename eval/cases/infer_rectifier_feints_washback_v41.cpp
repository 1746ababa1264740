// Column-still control for a grain distillery: the rectifier column's controller is a
// RectifierLink (send() after close() throws). A WashbackHandler decides what happens when
// a washback empties; its on_empty() does nothing by default, and the only override, the
// night shift's, closes the link. Column programs are vectors of a std::variant visited by
// a ColumnVisitor whose ShutColumn case closes the link; the program loop stops there.
// The plant's own WashbackPoller thread samples a link (washback levels, plate
// temperatures) every second until stop() joins it. empty_washback() sends the
// clean-in-place command after on_empty(), and end_of_day() closes the link before
// stopping the poller, racing its sampling.
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

class RectifierLink {
public:
  void send(const std::string &cmd) {
    if (closed_.load())
      throw std::runtime_error("rectifier link closed: " + cmd);
    sent_.fetch_add(1);
  }
  void close() { closed_.store(true); }
  bool closed() const { return closed_.load(); }

private:
  std::atomic<int> sent_{0};
  std::atomic<bool> closed_{false};
};

class WashbackHandler {
public:
  virtual ~WashbackHandler() = default;
  virtual void on_empty(RectifierLink &) {}
};

class NightShiftHandler : public WashbackHandler {
public:
  void on_empty(RectifierLink &link) override { link.close(); }
};

void empty_washback(WashbackHandler &handler, RectifierLink &link, int washback) {
  link.send("DRAIN WB" + std::to_string(washback)); // OK: nothing closed yet
  handler.on_empty(link);
  link.send("CIP START WB" + std::to_string(washback)); // BUG: use-after-close
}

struct SetReflux { double ratio; };
struct DivertFeints { int seconds; };
struct ShutColumn {};
using ColumnCommand = std::variant<SetReflux, DivertFeints, ShutColumn>;

struct ColumnVisitor {
  RectifierLink &link;
  void operator()(const SetReflux &r) { link.send("REFLUX " + std::to_string(r.ratio)); }
  void operator()(const DivertFeints &d) { link.send("DIVERT " + std::to_string(d.seconds)); }
  void operator()(const ShutColumn &) { link.close(); }
};

void run_column_program(RectifierLink &link, const std::vector<ColumnCommand> &program) {
  for (const ColumnCommand &cmd : program) {
    std::visit(ColumnVisitor{link}, cmd); // OK: the loop leaves right after a ShutColumn
    if (std::holds_alternative<ShutColumn>(cmd))
      break;
  }
}

class WashbackPoller {
public:
  WashbackPoller(std::function<void()> sample) : sample_(std::move(sample)) {}
  void start() {
    worker_ = std::thread([this] {
      while (!stop_.load()) {
        sample_();
        std::this_thread::sleep_for(std::chrono::seconds(1));
      }
    });
  }
  void stop() {
    stop_.store(true);
    if (worker_.joinable())
      worker_.join();
  }

private:
  std::function<void()> sample_;
  std::atomic<bool> stop_{false};
  std::thread worker_;
};

void spirit_day(RectifierLink &column, RectifierLink &washbacks, const std::vector<ColumnCommand> &program) {
  WashbackPoller poller([&washbacks] { washbacks.send("LEVEL? WB1-WB6"); }); // OK: stopped before the close
  poller.start();
  run_column_program(column, program);
  if (!column.closed())
    column.close(); // OK: the program may already have shut the column
  poller.stop();
  washbacks.close();
}

void end_of_day(RectifierLink &link) {
  WashbackPoller poller([&link] { link.send("TEMP? PLATE 3"); }); // BUG: use-after-close #poll
  poller.start();
  link.send("REFLUX 0.0"); // OK: still open
  link.close(); // SAME: poll
  poller.stop();
}

void shift_change(bool nightShift, RectifierLink &link) {
  std::unique_ptr<WashbackHandler> handler =
      nightShift ? std::make_unique<NightShiftHandler>() : std::make_unique<WashbackHandler>();
  empty_washback(*handler, link, 4);
}
