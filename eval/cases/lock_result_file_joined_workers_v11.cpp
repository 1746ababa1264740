// Worker threads append results to a shared ResultFile; computeAll() joins
// every worker before closing it, so no append can follow the close. The
// LogForwarder's thread waits on a condition variable and checks closed_ under
// the same mutex that close() holds while closing the descriptor, so the close
// cannot fall between its check and its write; close() joins the thread after
// releasing the lock. Neither class has a use-after-close or double-close.
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

class ResultFile {
public:
  explicit ResultFile(const char *path) : fp_(std::fopen(path, "w")) {
    if (fp_ == nullptr)
      throw std::runtime_error("cannot open results file");
  }
  void append(const std::string &line) {
    std::lock_guard<std::mutex> lock(mu_);
    if (fp_ == nullptr)
      throw std::runtime_error("append after close");
    std::fprintf(fp_, "%s\n", line.c_str());
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    if (fp_ != nullptr)
      std::fclose(fp_);
    fp_ = nullptr;
  }

private:
  std::mutex mu_;
  std::FILE *fp_;
};

void computeAll(const char *path, const std::vector<long> &inputs, int nworkers) {
  ResultFile out(path);
  std::vector<std::thread> workers;
  for (int w = 0; w < nworkers; ++w)
    workers.emplace_back([&out, &inputs, w, nworkers] {
      for (std::size_t i = w; i < inputs.size(); i += nworkers)
        out.append(std::to_string(i) + " " + std::to_string(inputs[i] * inputs[i])); // OK: joined before close
    });
  for (auto &t : workers)
    t.join();
  out.close(); // OK: every worker has been joined
}

class LogForwarder {
public:
  explicit LogForwarder(int fd) : fd_(fd), thread_([this] { run(); }) {}
  ~LogForwarder() { close(); }

  void post(std::string line) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (closed_)
        return;
      queue_.push_back(std::move(line));
    }
    cv_.notify_one();
  }

  void close() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (closed_)
        return;
      closed_ = true;
      ::close(fd_);
      fd_ = -1;
    }
    cv_.notify_all();
    thread_.join();
  }

private:
  void run() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      cv_.wait(lock, [this] { return closed_ || !queue_.empty(); });
      if (closed_)
        return;
      std::string line = std::move(queue_.front());
      queue_.pop_front();
      line.push_back('\n');
      ::write(fd_, line.data(), line.size()); // OK: closed_ checked under mu_, and close() needs mu_
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> queue_;
  bool closed_ = false;
  int fd_;
  std::thread thread_; // declared last: starts after the other members exist
};

void forwardStartupLog(int fd) {
  LogForwarder forwarder(fd);
  forwarder.post("service starting");
  forwarder.post("config loaded");
  forwarder.close();
  forwarder.post("late line"); // OK: post() checks closed_ under mu_ and drops the line
}
