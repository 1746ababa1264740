// Glockenspiel mallet turnery: each batch of turned mallet heads is reported
// to the QA station over a QaChannel and logged in a TurnerLog. QaChannel's
// close() marks the channel closed first and then throws if the final flush
// is refused, so a catch handler after "close as the last statement of the
// try" may be running after a close (submit_batch() sends its ABORT there).
// TurnerLog::finish() is noexcept, so record_batch()'s handler can only be
// reached from a write before it. reject_batch() closes in the handler and
// rethrows (nothing after it runs); rework_batch() closes in the handler and
// falls through to a send.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class QaChannel {
 public:
  void send(const std::string& msg) {
    if (closed_) throw std::runtime_error("QA channel closed");
    buffered_.push_back(msg);
  }
  void close() {
    if (closed_) throw std::runtime_error("QA channel closed twice");
    closed_ = true;
    if (!flush()) throw std::runtime_error("QA station refused the final flush");
  }
  bool is_closed() const { return closed_; }

 private:
  bool flush() {
    bool ok = buffered_.size() < 64;
    buffered_.clear();
    return ok;
  }
  std::vector<std::string> buffered_;
  bool closed_ = false;
};

class TurnerLog {
 public:
  explicit TurnerLog(std::FILE* f) : f_(f) {}
  void write(const std::string& line) {
    if (!f_) throw std::runtime_error("turner log finished");
    if (line.size() > 120) throw std::length_error("log line too long");
    std::fprintf(f_, "%s\n", line.c_str());
  }
  void finish() noexcept {
    if (!f_) return;
    std::fflush(f_);
    f_ = nullptr;
  }

 private:
  std::FILE* f_;
};

struct Mallet { std::string head; double grams; };

void submit_batch(QaChannel& qa, const std::vector<Mallet>& batch) {
  try {
    for (const auto& m : batch) qa.send(m.head + " " + std::to_string(m.grams) + "g");  // OK: before close
    qa.close();
  } catch (const std::exception& e) {
    qa.send(std::string("ABORT: ") + e.what());  // BUG: use-after-close
  }
}

void record_batch(TurnerLog& log, const std::vector<Mallet>& batch, const std::string& turner) {
  try {
    for (const auto& m : batch) log.write(turner + ": " + m.head);
    log.finish();
  } catch (const std::length_error&) {
    log.write(turner + ": batch aborted (bad label)");  // OK: finish() is noexcept, so it has not run
    log.finish();
  }
}

void reject_batch(QaChannel& qa, const std::vector<Mallet>& batch) {
  try {
    for (const auto& m : batch)
      if (m.grams < 8.0) throw std::runtime_error("underweight head: " + m.head);
  } catch (...) {
    if (!qa.is_closed()) qa.close();
    throw;
  }
  qa.send("batch passed weight check");  // OK: the handler always rethrows
}

void rework_batch(QaChannel& qa, const std::vector<Mallet>& batch) {
  try {
    for (const auto& m : batch)
      if (m.head.empty()) throw std::invalid_argument("unlabelled head");
    qa.send("rework: all heads labelled");  // OK: inside the try, before any close
  } catch (const std::invalid_argument&) {
    qa.close();
  }
  qa.send("rework queued for re-sanding");  // BUG: use-after-close
}
