// HerdDbPool: a small pool of herd database sessions handed out as RAII leases.
#pragma once
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "herd_db.h"

class HerdDbPool {
public:
    class Lease {
    public:
        Lease(HerdDbPool* pool, std::unique_ptr<HerdDb> conn);
        Lease(Lease&& other) noexcept;
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        Lease& operator=(Lease&&) = delete;
        ~Lease();   // hands the session back to the pool
        HerdDb* operator->() const;
        HerdDb& operator*() const;

    private:
        HerdDbPool* pool_;
        std::unique_ptr<HerdDb> conn_;
    };

    HerdDbPool(std::string host, int port, std::size_t max_idle);
    Lease acquire();      // throws once shutdown() ran or when the database is unreachable
    void shutdown();      // disconnects the idle sessions; idempotent
    bool is_shut_down() const;

private:
    void give_back(std::unique_ptr<HerdDb> conn);

    std::string host_;
    int port_;
    std::size_t max_idle_;
    mutable std::mutex mu_;
    std::vector<std::unique_ptr<HerdDb>> idle_;
    bool shut_down_ = false;
};
