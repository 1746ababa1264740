// RetryPolicy<Link>: retries an operation on a link with exponential backoff. When every attempt
// failed it closes the link (if still open) so the next shift starts from a clean connection.
#pragma once
#include <chrono>
#include <thread>

#include "status.h"

template <class Link>
class RetryPolicy {
public:
    RetryPolicy(int attempts, std::chrono::milliseconds first_backoff) : attempts_(attempts), first_(first_backoff) {}

    template <class Op>
    Status run(Link& link, Op&& op) const {
        Status last = Status::error(Code::Invalid, "retry policy: no attempt made");
        std::chrono::milliseconds backoff = first_;
        for (int i = 0; i < attempts_; ++i) {
            last = op(link);
            if (last.ok()) return last;
            std::this_thread::sleep_for(backoff);
            backoff *= 2;
        }
        if (link.isOpen()) link.close();   // OK: guarded by isOpen(); this is the only close in run()
        return last;
    }

private:
    int attempts_;
    std::chrono::milliseconds first_;
};
