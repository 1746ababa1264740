// HerdDb: a TCP session with the herd management database (pimpl: the socket lives in Impl).
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "status.h"

struct CowRecord {
    std::uint64_t tag = 0;
    int cow_no = 0;
    std::string group;
    bool withhold = false;
};

class HerdDb {
public:
    HerdDb(std::string host, int port);
    ~HerdDb();
    HerdDb(const HerdDb&) = delete;
    HerdDb& operator=(const HerdDb&) = delete;

    Status connect();        // no-op when connected
    void disconnect();       // returns at once when already disconnected
    bool connected() const;
    Result<CowRecord> lookup_cow(std::uint64_t tag);      // throws when disconnected
    Status push_yield(int cow_no, double litres);         // throws when disconnected
    Status push_visit(std::uint64_t tag, long at);        // throws when disconnected

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};
