// Plane-table survey pipeline. The chainmen's tape measurements and the geoid corrections
// flow to the plotting thread through Pipe<T>, a bounded queue. push() throws once the
// pipe is closed, pop() still hands out what was queued before the close, and close()
// throws when called twice, because closing marks the end of a traverse and must happen
// exactly once. endTraverse() pushes the last leg and closes the chaining pipe when that
// leg closes the traverse; fieldDay() then pushes the pillar offset into it, and
// closeOut() closes the pipe again after endTraverse(). Pipe<double> carries the geoid
// corrections; pushes are preceded by a closed() check and the error path closes only
// a pipe that is still open.
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

template <typename T> class Pipe {
public:
  explicit Pipe(std::size_t capacity) : capacity_(capacity) {}

  void push(T item) {
    std::unique_lock<std::mutex> lk(mu_);
    notFull_.wait(lk, [&] { return items_.size() < capacity_ || closed_; });
    if (closed_)
      throw std::runtime_error("pipe closed: cannot push");
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lk(mu_);
    notEmpty_.wait(lk, [&] { return !items_.empty() || closed_; });
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return item;
  }

  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      throw std::logic_error("pipe already closed");
    closed_ = true;
    notEmpty_.notify_all();
    notFull_.notify_all();
  }

  bool closed() const {
    std::lock_guard<std::mutex> lk(mu_);
    return closed_;
  }

private:
  mutable std::mutex mu_;
  std::condition_variable notEmpty_, notFull_;
  std::deque<T> items_;
  std::size_t capacity_;
  bool closed_ = false;
};

struct Chaining {
  int fromStation;
  int toStation;
  double metres;
  bool closesTraverse;
};

static void endTraverse(Pipe<Chaining> &tape, const Chaining &last) {
  tape.push(last);
  if (last.closesTraverse)
    tape.close();
}

void fieldDay(const std::vector<Chaining> &legs, const std::vector<double> &undulations,
              Pipe<Chaining> &tape, Pipe<double> &geoid) {
  if (legs.empty())
    return;
  std::thread plotter([&tape, &geoid] {
    double total = 0.0, meanN = 0.0;
    int count = 0;
    while (std::optional<double> n = geoid.pop()) // OK
      meanN += (*n - meanN) / ++count;
    while (std::optional<Chaining> leg = tape.pop()) // OK
      total += leg->metres;
    std::printf("traverse %.2f m, mean undulation %.3f m\n", total, meanN);
  });
  try {
    for (double n : undulations)
      if (!geoid.closed())
        geoid.push(n);
    geoid.close();
    for (std::size_t i = 0; i + 1 < legs.size(); ++i)
      tape.push(legs[i]);
    endTraverse(tape, legs.back());
    tape.push({legs.back().toStation, 0, 1.25, false}); // BUG: use-after-close
    if (!tape.closed())
      tape.close();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "field day aborted: %s\n", e.what());
    if (!tape.closed())
      tape.close(); // OK
    if (!geoid.closed())
      geoid.close();
  }
  plotter.join();
}

void closeOut(Pipe<Chaining> &tape, const Chaining &closingLeg) {
  endTraverse(tape, closingLeg);
  tape.close(); // BUG: double-close
}
