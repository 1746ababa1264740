// ThreadPool: the project's worker pool.
//   submit()   queues a task; throws std::runtime_error once the pool is shut down
//   shutdown() idempotent: finishes the queued tasks and joins the workers
// Exceptions escaping a task are counted, not propagated.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

class ThreadPool {
public:
    explicit ThreadPool(std::size_t workers);
    ~ThreadPool();

    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    void submit(std::function<void()> task);
    void shutdown();
    bool running() const;
    std::size_t pending() const;
    std::size_t failedTasks() const;

private:
    void workerLoop();

    mutable std::mutex mu_;
    std::condition_variable cv_;
    std::deque<std::function<void()>> tasks_;
    std::vector<std::thread> workers_;
    bool stopping_ = false;
    std::atomic<std::size_t> failed_{0};
};
