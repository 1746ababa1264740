// Print server spooler for one network printer (raw port 9100). A worker
// thread takes jobs from a queue and streams them to the printer socket; a
// status poller sends a PJL status query every second; an accounting thread
// appends page counts to a ledger FILE*.
// stop() closes the printer descriptor under the spooler mutex, then joins the
// threads. The worker checks its closed_ flag under that same mutex before
// every write (correct). The ledger is closed only after its thread is joined
// (correct). Defect: the status poller writes to the descriptor without the
// mutex and is told to stop only after the descriptor has been closed, so its
// send() races with the close in stop().
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

struct PrintJob {
  std::string id;
  std::string pcl;
  int pages = 0;
};

class PrinterSpooler {
public:
  PrinterSpooler(int printerFd, std::FILE *ledger)
      : fd_(printerFd), ledger_(ledger) {}
  ~PrinterSpooler() { stop(); }
  PrinterSpooler(const PrinterSpooler &) = delete;
  PrinterSpooler &operator=(const PrinterSpooler &) = delete;

  void start() {
    running_ = true;
    worker_ = std::thread([this] { workerLoop(); });
    poller_ = std::thread([this] { pollLoop(); });
    accounting_ = std::thread([this] { accountingLoop(); });
  }

  void enqueue(PrintJob job) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      throw std::runtime_error("spooler stopped");
    jobs_.push_back(std::move(job));
    cv_.notify_one();
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (closed_)
        return;
      closed_ = true;
      ::close(fd_); // SAME: pjl_status
    }
    cv_.notify_all();
    running_ = false;
    if (worker_.joinable())
      worker_.join();
    if (poller_.joinable())
      poller_.join();
    if (accounting_.joinable())
      accounting_.join();
    std::fclose(ledger_); // OK: the accounting thread has been joined
  }

private:
  void writeAll(const std::string &data) {
    std::size_t off = 0;
    while (off < data.size()) {
      ssize_t n = ::send(fd_, data.data() + off, data.size() - off, MSG_NOSIGNAL);
      if (n <= 0)
        throw std::runtime_error("printer write failed");
      off += static_cast<std::size_t>(n);
    }
  }

  void workerLoop() {
    for (;;) {
      std::unique_lock<std::mutex> lk(mu_);
      cv_.wait(lk, [this] { return closed_ || !jobs_.empty(); });
      if (closed_)
        return;
      PrintJob job = std::move(jobs_.front());
      jobs_.pop_front();
      try {
        writeAll(job.pcl); // OK: closed_ checked under mu_, which stop() holds
      } catch (const std::exception &) {
        continue;
      }
      printedPages_ += job.pages;
    }
  }

  void pollLoop() {
    static const char kQuery[] = "\x1b%-12345X@PJL INFO STATUS\r\n\x1b%-12345X";
    while (running_) {
      ::send(fd_, kQuery, sizeof kQuery - 1, MSG_NOSIGNAL); // BUG: use-after-close #pjl_status
      std::this_thread::sleep_for(std::chrono::seconds(1));
    }
  }

  void accountingLoop() {
    int reported = 0;
    while (running_) {
      std::this_thread::sleep_for(std::chrono::seconds(5));
      int now = printedPages_.load();
      if (now != reported) {
        std::fprintf(ledger_, "pages=%d\n", now - reported); // OK: stop() joins before fclose
        std::fflush(ledger_);
        reported = now;
      }
    }
  }

  int fd_;
  std::FILE *ledger_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<PrintJob> jobs_;
  bool closed_ = false;
  std::atomic<bool> running_{false};
  std::atomic<int> printedPages_{0};
  std::thread worker_, poller_, accounting_;
};

void serveFloor(int printerFd, std::FILE *ledger) {
  PrinterSpooler spooler(printerFd, ledger);
  spooler.start();
  spooler.enqueue({"job-1", "\x1b" "E...", 3});
  spooler.enqueue({"job-2", "\x1b" "E...", 1});
  std::this_thread::sleep_for(std::chrono::seconds(30));
  spooler.stop();
}
