// WorkerPool: the plant's own background pool. post() is refused once stop() has begun; stop()
// lets the workers drain what is queued, joins them, and is idempotent because the first caller
// flips stopping_ under the mutex, so the destructor's stop() after an explicit one is harmless.
// A job that throws is counted and does not kill its worker.
#include "worker_pool.h"

#include <exception>
#include <stdexcept>
#include <utility>

WorkerPool::WorkerPool(std::size_t threads) {
    for (std::size_t i = 0; i < threads; ++i) threads_.emplace_back([this] { run(); });
}

WorkerPool::~WorkerPool() { stop(); }   // OK: stop() returns at once when the site already stopped the pool

void WorkerPool::post(std::function<void()> job) {
    {
        std::lock_guard<std::mutex> lk(mu_);
        if (stopping_) throw std::runtime_error("worker pool stopped");
        jobs_.push_back(std::move(job));
    }
    cv_.notify_one();
}

void WorkerPool::stop() {
    {
        std::lock_guard<std::mutex> lk(mu_);
        if (stopping_) return;
        stopping_ = true;
    }
    cv_.notify_all();
    for (std::thread& t : threads_) {
        if (t.joinable()) t.join();
    }
    stopped_ = true;
}

bool WorkerPool::stopped() const { return stopped_; }

std::size_t WorkerPool::failed_jobs() const { return failed_; }

void WorkerPool::run() {
    for (;;) {
        std::function<void()> job;
        {
            std::unique_lock<std::mutex> lk(mu_);
            cv_.wait(lk, [this] { return stopping_ || !jobs_.empty(); });
            if (jobs_.empty()) return;
            job = std::move(jobs_.front());
            jobs_.pop_front();
        }
        try {
            job();
        } catch (const std::exception&) {
            ++failed_;
        }
    }
}
