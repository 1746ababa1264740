// Lottery draw studio: a DrawCrew (the project's own worker pool) runs ball
// verification jobs that talk to the draw machine over a DrawMachineLink.
// certifyDraw() posts the jobs and closes the link before drain(), so a job
// still queued on a worker uses the closed link. DrawMachineLink::close()
// throws when called twice, while BallCounter::close() returns early when
// already closed, and DrawMachineLink::resume() returns early on a closed
// link: those calls after a close are correct.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class DrawCrew {
public:
  explicit DrawCrew(unsigned n);
  ~DrawCrew() { halt(); }
  void post(std::function<void()> job);
  void drain();
  void halt();

private:
  void work();
  std::mutex m_;
  std::condition_variable cv_, idle_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> crew_;
  int inFlight_ = 0;
  bool halting_ = false;
};

class DrawMachineLink {
public:
  void verifyBall(int number);
  void resume();
  void close();
  bool isClosed() const { return closed_; }

private:
  bool closed_ = false;
  bool paused_ = true;
};

class BallCounter {
public:
  void close() {
    if (closed_)
      return;
    closed_ = true;
  }

private:
  bool closed_ = false;
};

DrawCrew::DrawCrew(unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    crew_.emplace_back([this] { work(); });
}

void DrawCrew::post(std::function<void()> job) {
  std::lock_guard<std::mutex> lk(m_);
  if (halting_)
    throw std::runtime_error("draw crew halted");
  jobs_.push_back(std::move(job));
  ++inFlight_;
  cv_.notify_one();
}

void DrawCrew::drain() {
  std::unique_lock<std::mutex> lk(m_);
  idle_.wait(lk, [this] { return inFlight_ == 0; });
}

void DrawCrew::halt() {
  {
    std::lock_guard<std::mutex> lk(m_);
    if (halting_)
      return;
    halting_ = true;
  }
  cv_.notify_all();
  for (std::thread &t : crew_)
    t.join();
  crew_.clear();
}

void DrawCrew::work() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock<std::mutex> lk(m_);
      cv_.wait(lk, [this] { return halting_ || !jobs_.empty(); });
      if (jobs_.empty())
        return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    job();
    {
      std::lock_guard<std::mutex> lk(m_);
      --inFlight_;
    }
    idle_.notify_all();
  }
}

void DrawMachineLink::verifyBall(int number) {
  if (closed_)
    throw std::runtime_error("draw machine link closed, ball " + std::to_string(number));
}

void DrawMachineLink::resume() {
  if (closed_)
    return;
  paused_ = false;
}

void DrawMachineLink::close() {
  if (closed_)
    throw std::runtime_error("draw machine link already closed");
  closed_ = true;
}

void certifyDraw(DrawCrew &crew, DrawMachineLink &link, const std::vector<int> &balls) {
  for (int ball : balls)
    crew.post([&link, ball] { link.verifyBall(ball); }); // BUG: use-after-close #verify
  link.close(); // SAME: verify
  crew.drain();
}

void auditedDraw(DrawCrew &crew, DrawMachineLink &link, const std::vector<int> &balls) {
  for (int ball : balls)
    crew.post([&link, ball] { link.verifyBall(ball); }); // OK: drained before the close
  crew.drain();
  link.close();
  link.resume(); // OK: resume() returns early on a closed link
}

int main() {
  DrawCrew crew(2);
  BallCounter counter;
  DrawMachineLink evening;
  auditedDraw(crew, evening, {7, 19, 23, 31, 42, 48});
  counter.close();
  counter.close(); // OK: BallCounter::close() is idempotent
  evening.close(); // BUG: double-close

  DrawMachineLink midday;
  midday.resume();
  certifyDraw(crew, midday, {3, 11, 17, 29, 36, 44});
  return 0;
}
