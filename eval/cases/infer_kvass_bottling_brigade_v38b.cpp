// Bottling line for a small kvass brewery. The crown capper and the label
// printer are both closed at the end of a run, but they behave differently:
// CrownCapper::close() parks the capping head and throws if it is called on
// an already parked capper, while LabelPrinter::close() and flush() are
// documented no-ops once the printer is closed. end_of_shift() calls finish()
// and then, on a fault, abort(), which closes the capper again; the
// changeover closes the capper twice directly. Closing/flushing the printer
// twice and reopening the capper for the next run are correct.
#include <stdexcept>
#include <string>
#include <vector>

class CrownCapper {
 public:
  void open(int bottle_mm) {
    if (open_) throw std::logic_error("capper already open");
    neck_mm_ = bottle_mm;
    open_ = true;
  }
  void cap(const std::string& bottle) {
    if (!open_) throw std::logic_error("capper closed: " + bottle);
    ++capped_;
  }
  // Parks the head. Parking twice would drive the head into the end stop.
  void close() {
    if (!open_) throw std::logic_error("capper already closed");
    open_ = false;
  }
  bool is_open() const { return open_; }

 private:
  bool open_ = false;
  int neck_mm_ = 0;
  int capped_ = 0;
};

class LabelPrinter {
 public:
  void print(const std::string& label) {
    if (closed_) throw std::runtime_error("label printer closed");
    queue_.push_back(label);
  }
  // No-op when closed: nothing can be queued after close().
  void flush() {
    if (closed_) return;
    queue_.clear();
  }
  // Idempotent: a closed printer stays closed.
  void close() {
    if (closed_) return;
    flush();
    closed_ = true;
  }

 private:
  bool closed_ = false;
  std::vector<std::string> queue_;
};

class BottlingRun {
 public:
  explicit BottlingRun(int neck_mm) { capper_.open(neck_mm); }

  void bottle(const std::string& id) {
    printer_.print("KVASS " + id);
    capper_.cap(id);
  }

  void finish() {
    printer_.flush();
    capper_.close();
    printer_.close();
  }

  void abort() {
    printer_.close();  // OK: LabelPrinter::close() is idempotent
    capper_.close();   // SAME: abort_after_finish
  }

  void changeover(int next_neck_mm) {
    capper_.close();
    capper_.open(next_neck_mm);
    capper_.cap("changeover-test");  // OK: reopened with the new neck size
  }

  void sanitize() {
    capper_.close();
    printer_.close();
    printer_.flush();  // OK: flush() is a no-op on a closed printer
    capper_.close();  // BUG: double-close
  }

 private:
  CrownCapper capper_;
  LabelPrinter printer_;
};

void end_of_shift(BottlingRun& run, bool fault_light) {
  run.finish();
  if (fault_light) run.abort();  // BUG: double-close #abort_after_finish
}

void rye_batch(const std::vector<std::string>& ids) {
  BottlingRun run(26);
  for (const auto& id : ids) run.bottle(id);
  run.changeover(29);
  run.bottle("birch-1");  // OK: changeover() reopened the capper
  run.finish();
}
