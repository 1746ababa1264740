// Sericulture line: caterpillars spin on racks, a SpinneretSink records each
// cocoon's filament reading, and a PupaChamberLink talks to the pupation
// chamber. What the methods really do matters here:
//  - SpinneretSink::close() throws "close of closed silk sink" when called
//    twice; PupaChamberLink::close() is idempotent;
//  - PupaChamberLink::resume() gives up (returns early, still closed) after
//    three reconnects;
//  - CaterpillarCrew is the project's own thread pool (wait_idle() blocks until
//    every posted job ran); RackInlineRunner runs each job inside post().
// Mistakes: grade_rack() closes the sink right after posting the grading tasks
// to the crew, whose threads may still be writing; reseal_chamber() sends
// after resume() without checking it reopened; end_shift() closes the sink
// that grade_rack_waiting() had already closed.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class SpinneretSink {
public:
  void write(const std::string &reading) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      throw std::runtime_error("write on closed silk sink");
    rows_.push_back(reading);
  }
  void close() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      throw std::runtime_error("close of closed silk sink");
    closed_ = true;
  }

private:
  std::mutex mutex_;
  std::vector<std::string> rows_;
  bool closed_ = false;
};

class PupaChamberLink {
public:
  void send(const std::string &cmd) {
    if (closed_)
      throw std::runtime_error("send on closed pupa chamber link");
    last_ = cmd;
  }
  void close() { closed_ = true; } // idempotent
  void resume() {
    if (!closed_ || reconnects_ >= 3)
      return;
    ++reconnects_;
    closed_ = false;
  }
  bool closed() const { return closed_; }

private:
  std::string last_;
  int reconnects_ = 0;
  bool closed_ = false;
};

class CaterpillarCrew {
public:
  explicit CaterpillarCrew(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      workers_.emplace_back([this] { work(); });
  }
  ~CaterpillarCrew() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      quitting_ = true;
    }
    wake_.notify_all();
    for (std::thread &t : workers_)
      t.join();
  }
  void post(std::function<void()> job) {
    std::lock_guard<std::mutex> lock(mutex_);
    jobs_.push_back(std::move(job));
    ++outstanding_;
    wake_.notify_one();
  }
  void wait_idle() {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [this] { return outstanding_ == 0; });
  }

private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [this] { return quitting_ || !jobs_.empty(); });
        if (jobs_.empty())
          return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
      std::lock_guard<std::mutex> lock(mutex_);
      if (--outstanding_ == 0)
        idle_.notify_all();
    }
  }
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  int outstanding_ = 0;
  bool quitting_ = false;
};

struct RackInlineRunner {
  void post(const std::function<void()> &job) { job(); }
};

void grade_rack(CaterpillarCrew &crew, SpinneretSink &sink, const std::vector<double> &filament_m) {
  for (double m : filament_m)
    crew.post([&sink, m] { sink.write("filament " + std::to_string(m)); }); // BUG: use-after-close #crew
  sink.close(); // SAME: crew
}

void grade_rack_waiting(CaterpillarCrew &crew, SpinneretSink &sink, const std::vector<double> &filament_m) {
  for (double m : filament_m)
    crew.post([&sink, m] { sink.write("filament " + std::to_string(m)); }); // OK: wait_idle() runs before close()
  crew.wait_idle();
  sink.close();
}

void grade_sample(RackInlineRunner &runner, SpinneretSink &sample_sink, double m) {
  runner.post([&sample_sink, m] { sample_sink.write("sample " + std::to_string(m)); }); // OK: ran before post() returned
  sample_sink.close();
}

void reseal_chamber(PupaChamberLink &link) {
  link.close();
  link.close(); // OK: close() is idempotent
  link.resume();
  link.send("humidity 85"); // BUG: use-after-close
}

void reseal_chamber_checked(PupaChamberLink &link) {
  link.close();
  link.resume();
  if (!link.closed())
    link.send("humidity 85"); // OK: resume() may give up; checked
}

void end_shift(CaterpillarCrew &crew, SpinneretSink &sink, const std::vector<double> &rack) {
  grade_rack_waiting(crew, sink, rack);
  sink.close(); // BUG: double-close
}
