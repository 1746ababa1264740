// HistorianWriter: the surface control-room historian, written as rotating text segments
// through stdio. append() returns an error once closed; close() is idempotent; rotate()
// closes the current segment and opens the next one. stream() exposes the current
// segment for the control-room thread (it is invalidated by rotate() and close()).
#pragma once

#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>

#include "status.h"

class HistorianWriter {
public:
    HistorianWriter(std::string dir, std::size_t rotateBytes);
    ~HistorianWriter();

    HistorianWriter(const HistorianWriter&) = delete;
    HistorianWriter& operator=(const HistorianWriter&) = delete;

    Status open();
    Status append(const std::string& record);
    Status rotate();
    void close();
    bool isOpen() const;
    FILE* stream() const;
    std::size_t segment() const;

private:
    Status rotateLocked();
    std::string segmentPath(std::size_t n) const;

    std::string dir_;
    std::size_t rotateBytes_;
    std::size_t written_ = 0;
    std::size_t segment_ = 0;
    FILE* fp_ = nullptr;
    mutable std::mutex mu_;
};
