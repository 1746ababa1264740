// WorkerPool: the plant's own background thread pool (herd pushes, archiving).
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

class WorkerPool {
public:
    explicit WorkerPool(std::size_t threads);
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    void post(std::function<void()> job);   // throws std::runtime_error once stop() has begun
    void stop();                            // drains the queue, joins the workers; idempotent
    bool stopped() const;
    std::size_t failed_jobs() const;

private:
    void run();

    std::vector<std::thread> threads_;
    std::deque<std::function<void()>> jobs_;
    mutable std::mutex mu_;
    std::condition_variable cv_;
    bool stopping_ = false;
    std::atomic<bool> stopped_{false};
    std::atomic<std::size_t> failed_{0};
};
