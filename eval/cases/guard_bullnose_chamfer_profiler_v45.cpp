// Edge profiling cell of a marble works: a profiler spindle cuts bullnose and
// chamfer edges on countertop slabs. Edge jobs come through a closable queue
// fed by the order desk thread; the spindle is a serial descriptor wrapped in
// ProfilerSpindle (state() reports Closed after close(), cut() throws then),
// and the cut log is a FILE* that is nulled when closed.
// Correct: the worker loop stops when the queue is closed and drained (pop()
// on a closed queue returns nullopt by contract); every spindle and log use is
// behind a check of state(), operator bool or the log pointer, made after the
// last close that can reach it; the stored query is taken after the close.
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fcntl.h>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>

struct EdgeJob {
  std::string slab;
  enum class Profile { Bullnose, Chamfer, Ogee } profile;
  int lengthMm;
};

class EdgeJobQueue {
public:
  void push(EdgeJob job) {
    std::lock_guard<std::mutex> lock(m_);
    if (closed_)
      throw std::runtime_error("edge job queue closed");
    jobs_.push_back(std::move(job));
    cv_.notify_one();
  }
  std::optional<EdgeJob> pop() {
    std::unique_lock<std::mutex> lock(m_);
    cv_.wait(lock, [this] { return closed_ || !jobs_.empty(); });
    if (jobs_.empty())
      return std::nullopt;
    EdgeJob job = std::move(jobs_.front());
    jobs_.pop_front();
    return job;
  }
  void close() {
    std::lock_guard<std::mutex> lock(m_);
    closed_ = true;
    cv_.notify_all();
  }
  bool closed() const {
    std::lock_guard<std::mutex> lock(m_);
    return closed_ && jobs_.empty();
  }

private:
  mutable std::mutex m_;
  std::condition_variable cv_;
  std::deque<EdgeJob> jobs_;
  bool closed_ = false;
};

class ProfilerSpindle {
public:
  enum class State { Idle, Cutting, Closed };
  explicit ProfilerSpindle(const char *dev) : dev_(dev) { reopen(); }
  ~ProfilerSpindle() { close(); }
  State state() const { return state_; }
  explicit operator bool() const { return state_ != State::Closed; }
  void reopen() {
    fd_ = ::open(dev_.c_str(), O_RDWR | O_NOCTTY);
    if (fd_ < 0)
      throw std::runtime_error("profiler spindle unreachable");
    state_ = State::Idle;
  }
  void cut(const EdgeJob &job) {
    if (state_ == State::Closed)
      throw std::runtime_error("profiler spindle closed");
    state_ = State::Cutting;
    std::string cmd = "EDGE " + std::to_string(static_cast<int>(job.profile)) + " " +
                      std::to_string(job.lengthMm) + "\r";
    ::write(fd_, cmd.data(), cmd.size());
    state_ = State::Idle;
  }
  void close() {
    if (state_ == State::Closed)
      return;
    ::close(fd_);
    state_ = State::Closed;
  }

private:
  std::string dev_;
  int fd_ = -1;
  State state_ = State::Closed;
};

void runProfiler(EdgeJobQueue &queue, ProfilerSpindle &spindle, FILE *&cutLog) {
  while (!queue.closed()) {
    std::optional<EdgeJob> job = queue.pop(); // OK
    if (!job)
      break;
    if (job->lengthMm > 4200) {
      spindle.close();
      if (cutLog) {
        std::fclose(cutLog);
        cutLog = nullptr;
      }
      continue;
    }
    if (spindle.state() == ProfilerSpindle::State::Closed)
      spindle.reopen();
    spindle.cut(*job); // OK
    if (cutLog)
      std::fprintf(cutLog, "%s %d\n", job->slab.c_str(), job->lengthMm); // OK
  }
  const bool stillLive = static_cast<bool>(spindle);
  if (stillLive)
    spindle.cut({"park", EdgeJob::Profile::Bullnose, 0}); // OK
  if (spindle)
    spindle.close();
  if (cutLog)
    std::fclose(cutLog); // OK
  cutLog = nullptr;
}

int main() {
  EdgeJobQueue queue;
  ProfilerSpindle spindle("/dev/ttyPROF");
  FILE *cutLog = std::fopen("/srv/edges/cut.log", "a");
  std::thread worker([&] { runProfiler(queue, spindle, cutLog); });
  queue.push({"CAR-2207", EdgeJob::Profile::Bullnose, 3050});
  queue.push({"CAR-2208", EdgeJob::Profile::Chamfer, 4600});
  queue.push({"CAR-2209", EdgeJob::Profile::Ogee, 1800});
  queue.close(); // OK
  worker.join();
  if (spindle.state() != ProfilerSpindle::State::Closed)
    spindle.close();
}
