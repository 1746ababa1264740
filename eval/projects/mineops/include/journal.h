// Journal: append-only event journal on a raw descriptor, fsync'ed in the background on the
// shared thread pool. append() returns an error once sealed; seal() returns an error when
// called a second time.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>

#include "fd_handle.h"
#include "status.h"

class ThreadPool;

class Journal : public std::enable_shared_from_this<Journal> {
public:
    Journal(std::string path, std::shared_ptr<ThreadPool> pool);

    Status open();
    Status append(const std::string& line);
    void flushAsync();
    void syncNow();
    Status seal();
    bool sealed() const;

private:
    std::string path_;
    std::shared_ptr<ThreadPool> pool_;
    FdHandle fd_;
    std::atomic<bool> sealed_{false};
    std::mutex mu_;
};
