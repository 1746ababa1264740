// Journal: the plant's day log, a FILE* with size-based rotation (path -> path.N).
#pragma once
#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>

#include "status.h"

class Journal {
public:
    Journal(std::string path, std::size_t rotate_bytes);
    ~Journal();
    Journal(const Journal&) = delete;
    Journal& operator=(const Journal&) = delete;

    Status open();
    bool is_open() const;
    void append(const std::string& line);   // throws std::runtime_error when closed
    void roll();                            // closes the current file, renames it, opens a new one
    std::FILE* stream() const;              // current FILE* for bulk writers; stale after roll()/close()
    void flush();
    void close();                           // idempotent

private:
    void roll_locked();

    std::string path_;
    std::size_t limit_;
    std::size_t bytes_ = 0;
    unsigned generation_ = 0;
    std::FILE* fp_ = nullptr;
    mutable std::mutex mu_;
};
