// Zither workshop: a CNC fret-slotting jig is driven over a JigLink, and a
// strobe tuner streams readings over a TunerFeed. When the jig faults, the
// controller closes the link and reconnects, but only when a spare controller
// port is free; on the other path it goes on sending to the closed link.
// swap_heads() closes the active saw-head link, swaps the handles, and then
// sends the park command through standby_, which now holds the closed link.
// Reconnecting with make_unique, emplace, or plain assignment of a fresh
// link, and swapping before closing, are fine.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class JigLink {
 public:
  explicit JigLink(std::string port) : port_(std::move(port)) {}
  void send(const std::string& gcode) {
    if (closed_) throw std::runtime_error("jig link on " + port_ + " closed");
    last_ = gcode;
  }
  void close() {
    if (closed_) throw std::runtime_error("jig link closed twice");
    closed_ = true;
  }
  bool closed() const { return closed_; }

 private:
  std::string port_;
  std::string last_;
  bool closed_ = false;
};

class TunerFeed {
 public:
  double cents() {
    if (stopped_) throw std::runtime_error("tuner feed stopped");
    return -3.5;
  }
  void stop() { stopped_ = true; }

 private:
  bool stopped_ = false;
};

class FretJigController {
 public:
  FretJigController()
      : jig_(std::in_place, "ttyUSB0"),
        tuner_(std::make_unique<TunerFeed>()),
        active_(std::make_unique<JigLink>("head-A")),
        standby_(std::make_unique<JigLink>("head-B")) {}

  void on_fault(bool spare_port_free) {
    if (!jig_ || jig_->closed()) return;
    jig_->close();
    if (spare_port_free) jig_.emplace("ttyUSB1");
    jig_->send("G28 ; home after fault");  // BUG: use-after-close
  }

  void on_fault_strict(bool spare_port_free) {
    if (!jig_ || jig_->closed()) return;
    jig_->close();
    if (!spare_port_free) {
      jig_.reset();
      return;
    }
    jig_.emplace("ttyUSB1");
    jig_->send("G28 ; home after fault");  // OK: only reached after emplace
  }

  void slot_frets(int count) {
    if (!jig_ || jig_->closed()) return;
    for (int i = 1; i <= count; ++i) jig_->send("G1 X" + std::to_string(i * 18) + " ; fret " + std::to_string(i));  // OK: jig_ engaged and open
  }

  double retune() {
    tuner_->stop();
    tuner_ = std::make_unique<TunerFeed>();
    return tuner_->cents();  // OK: fresh feed
  }

  void swap_heads_safely() {
    if (standby_->closed()) standby_ = std::make_unique<JigLink>("head-C");
    std::swap(active_, standby_);
    if (!standby_->closed()) standby_->close();
    active_->send("M3 S12000 ; spin up");  // OK: the swapped-in head is open (checked or fresh)
  }

  void swap_heads() {
    if (active_->closed()) return;
    active_->close();
    std::swap(active_, standby_);
    standby_->send("M5 ; park");  // BUG: use-after-close
  }

 private:
  std::optional<JigLink> jig_;
  std::unique_ptr<TunerFeed> tuner_;
  std::unique_ptr<JigLink> active_;
  std::unique_ptr<JigLink> standby_;
};

void bench_test() {
  JigLink bench("ttyS3");
  bench.send("G90");  // OK
  bench.close();
  bench = JigLink("ttyS4");
  bench.send("G28");  // OK: assigned a fresh link
  bench.close();
}
