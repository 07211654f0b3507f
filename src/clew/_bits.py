"""Bit intrinsics shared by the numba kernels.

numba has no portable ``count trailing zeros`` or ``popcount`` for integers, and the
loop-based versions cost O(width) per call, which the enumeration kernels would pay once per
placed queen or digit. These intrinsics emit LLVM's ``cttz`` / ``ctpop``, which compile to
single instructions (``tzcnt`` / ``popcnt``) on current x86-64 and ARM cores.
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.extending import intrinsic


@intrinsic
def ctz64(typingctx, x):
    """Index of the lowest set bit of a non-zero int64 (undefined for 0)."""
    if not isinstance(x, types.Integer):
        return None
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        (val,) = args
        val = context.cast(builder, val, signature.args[0], types.int64)
        return builder.cttz(val, ir.Constant(ir.IntType(1), 1))

    return sig, codegen


@intrinsic
def popcount64(typingctx, x):
    """Number of set bits of an int64."""
    if not isinstance(x, types.Integer):
        return None
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        (val,) = args
        val = context.cast(builder, val, signature.args[0], types.int64)
        return builder.ctpop(val)

    return sig, codegen
