// Dental clinic imaging upload. Radiographs go to the PACS through the clinic's
// own ImagingPool (worker threads fed from a queue; waitIdle() blocks until the
// queue is empty and no job runs) or through an InlineRunner that runs the job on
// the spot. endOfDay() submits the panoramic upload to the pool and releases the
// PACS association right away, racing the worker; uploadBatch() waits first.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class ImagingPool {
public:
  explicit ImagingPool(unsigned workers);
  ~ImagingPool();
  void submit(std::function<void()> job);
  void waitIdle();

private:
  void workerLoop();
  std::mutex m_;
  std::condition_variable work_, idle_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
  unsigned busy_ = 0;
  bool stopping_ = false;
};

ImagingPool::ImagingPool(unsigned workers) {
  for (unsigned i = 0; i < workers; ++i)
    threads_.emplace_back(&ImagingPool::workerLoop, this);
}

ImagingPool::~ImagingPool() {
  {
    std::lock_guard<std::mutex> g(m_);
    stopping_ = true;
  }
  work_.notify_all();
  for (std::thread &t : threads_)
    t.join();
}

void ImagingPool::submit(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> g(m_);
    jobs_.push_back(std::move(job));
  }
  work_.notify_one();
}

void ImagingPool::waitIdle() {
  std::unique_lock<std::mutex> lk(m_);
  idle_.wait(lk, [this] { return jobs_.empty() && busy_ == 0; });
}

void ImagingPool::workerLoop() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock<std::mutex> lk(m_);
      work_.wait(lk, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty())
        return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
      ++busy_;
    }
    job();
    std::lock_guard<std::mutex> g(m_);
    --busy_;
    idle_.notify_all();
  }
}

struct InlineRunner {
  void submit(const std::function<void()> &job) { job(); }
};

struct Radiograph { std::string study; std::vector<std::uint8_t> pixels; };

class PacsAssociation {
public:
  explicit PacsAssociation(std::string aeTitle) : aeTitle_(std::move(aeTitle)) {}
  void store(const Radiograph &image);
  void release();

private:
  std::mutex m_;
  bool open_ = true;
  std::string aeTitle_;
  std::size_t stored_ = 0;
};

void PacsAssociation::store(const Radiograph &image) {
  std::lock_guard<std::mutex> g(m_);
  if (!open_)
    throw std::runtime_error(aeTitle_ + ": association released, cannot store " + image.study);
  stored_ += image.pixels.size();
}

void PacsAssociation::release() {
  std::lock_guard<std::mutex> g(m_);
  if (!open_)
    throw std::runtime_error(aeTitle_ + ": association released twice");
  open_ = false;
}

class Clinic {
public:
  Clinic() : pool_(2) {}
  void uploadBatch(const std::vector<Radiograph> &shots);
  void chairsideUpload(const Radiograph &bitewing);
  void endOfDay(const Radiograph &pano);

private:
  ImagingPool pool_;
};

void Clinic::uploadBatch(const std::vector<Radiograph> &shots) {
  auto pacs = std::make_shared<PacsAssociation>("ORTHANC");
  for (const Radiograph &shot : shots)
    pool_.submit([pacs, shot] {
      pacs->store(shot); // OK: waitIdle() returns before the release
    });
  pool_.waitIdle();
  pacs->release(); // OK: released once, after every job finished
}

void Clinic::chairsideUpload(const Radiograph &bitewing) {
  PacsAssociation pacs("CHAIR3");
  InlineRunner runner;
  runner.submit([&pacs, &bitewing] {
    pacs.store(bitewing); // OK: InlineRunner runs the job before submit() returns
  });
  pacs.release();
}

void Clinic::endOfDay(const Radiograph &pano) {
  auto pacs = std::make_shared<PacsAssociation>("ORTHANC");
  pool_.submit([pacs, pano] {
    pacs->store(pano); // BUG: use-after-close #dayend
  });
  pacs->release(); // SAME: dayend
}

int main() {
  Clinic clinic;
  clinic.uploadBatch({{"1.2.840.1", std::vector<std::uint8_t>(4096)},
                      {"1.2.840.2", std::vector<std::uint8_t>(4096)}});
  clinic.chairsideUpload({"1.2.840.3", std::vector<std::uint8_t>(512)});
  clinic.endOfDay({"1.2.840.4", std::vector<std::uint8_t>(1 << 20)});
  return 0;
}
