// How a variant's kernel is launched, written once beside the kernel as its policy (CUB's tuning
// policies are the model): the tile a thread block takes in each shape, and which shape a
// request gets. The card reads it for the block size and elements per thread
// (variants/registry.cpp), the dispatcher to pick the kernel's instantiation
// (variants/dispatch.h), the benchmark's probes to build the same kernels.
//
// Two shapes of the same kernel source: the teaching shape is the one captured and animated (one
// or two elements per thread, small blocks, every step easy to follow); the timed shape gives the
// same kernels larger tiles (more elements per thread, 16-byte loads, bigger blocks), the shape a
// production library would run. bench/tuning.md records the sweeps (bench/tune) the timed tiles
// come from.
#pragma once

#include <cstdint>
#include <type_traits>

namespace scanscope {

enum class KernelShape : std::uint8_t { Teaching, Timed };

// A block's tile at run time: `threads` threads (0: sized from n, the teaching shape), each
// taking `rows` rows of `vec` elements.
struct TileShape {
    int rows = 1;
    int vec = 1;
    int threads = 0;
    constexpr int items() const { return rows * vec; }
};

// The same, as a type: what a kernel template is instantiated with.
template <int Rows, int Vec, int Threads = 0>
struct Tile {
    static constexpr int rows = Rows;
    static constexpr int vec = Vec;
    static constexpr int threads = Threads;
    static constexpr TileShape shape() { return {Rows, Vec, Threads}; }
};

// A tile whose 16-byte loads are cached in the L2 only says so:
// `struct Large : Tile<24, 4, 256> { static constexpr bool kLoadsL2Only = true; };`.
template <class TileType, class = void>
struct LoadsL2Only : std::false_type {};
template <class TileType>
struct LoadsL2Only<TileType, std::void_t<decltype(TileType::kLoadsL2Only)>>
    : std::bool_constant<TileType::kLoadsL2Only> {};

// A policy is a struct with `template <class F> static void with_tile(int n, KernelShape shape,
// F&& f)`, which calls f with the Tile the request runs; this is the tile as a value.
template <class Policy>
TileShape tile_of(int n, KernelShape shape) {
    TileShape out;
    Policy::with_tile(n, shape, [&](auto tile) { out = decltype(tile)::shape(); });
    return out;
}

// One element a thread in both shapes, blocks sized from n (or the request's block size).
struct OneElementPolicy {
    template <class F>
    static void with_tile(int, KernelShape, F&& f) {
        f(Tile<1, 1>{});
    }
};

namespace kernels {
// The largest tiles fill the register file at 512 threads (their kernels are compiled for at most
// 512: __launch_bounds__), so a block takes at most this many elements (decoupled-lookback's
// large tile, 80 elements a thread).
constexpr int kMaxTileElements = 80 * 512;
}  // namespace kernels

}  // namespace scanscope
