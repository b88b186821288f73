//! The shared, immutable list behind a trajectory, a tuple or a set ([`super::value::Value`]):
//! one allocation holding a reference count, the content's hash once computed, the length and
//! the items, reached by one thin pointer (issue 30, item 1). A value is then 16 bytes (a tag
//! and this pointer) and building one costs one allocation, where a shared node pointing to a
//! boxed slice cost two: the zone grammar builds a tuple or a set at most derivation steps.
//!
//! `Rc<[T]>` is one allocation too but a fat pointer (24-byte values); this is what it would
//! be with the length and the cached hash moved in front of the items.
//!
//! The unsafe code is the allocation, the writing of the items and their dropping; its unit
//! tests pass under Miri (`cargo +nightly miri test --lib grammar::list`, which needs the
//! nightly toolchain's `miri` and `rust-src` components), which checks them for undefined
//! behaviour and leaks.

use std::alloc::{Layout, alloc, dealloc, handle_alloc_error};
use std::cell::Cell;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::ops::Deref;
use std::ptr::{self, NonNull};

/// What precedes the items in the allocation.
#[repr(C)]
struct Header {
    /// How many `List`s share the allocation.
    count: Cell<usize>,
    /// The content's hash; 0 until computed (a computed 0 is stored as 1).
    hash: Cell<u64>,
    /// How many items follow.
    len: usize,
}

/// A trajectory's stops, or a tuple's or a set's members: shared and immutable, its content's
/// hash computed on first use and kept. Cloning shares the allocation. Equality, order and
/// hash are by content ([`List::ptr_eq`] tells two allocations apart).
pub struct List<T> {
    header: NonNull<Header>,
    /// The list owns its items (for the drop check); `NonNull` already makes it neither
    /// `Send` nor `Sync`, as the `Rc` it replaces was.
    items: PhantomData<T>,
}

impl<T> List<T> {
    /// The allocation of `len` items, and where the items start in it.
    fn layout(len: usize) -> (Layout, usize) {
        let items = Layout::array::<T>(len).expect("a list's size overflows");
        let (layout, offset) = Layout::new::<Header>()
            .extend(items)
            .expect("a list's size overflows");
        debug_assert_eq!(offset, Self::OFFSET);
        (layout.pad_to_align(), offset)
    }

    /// A new allocation for `len` items, none written yet.
    fn allocate(len: usize) -> NonNull<Header> {
        let (layout, _) = Self::layout(len);
        // SAFETY: the layout has a nonzero size (the header's).
        let raw = unsafe { alloc(layout) };
        let Some(header) = NonNull::new(raw.cast::<Header>()) else {
            handle_alloc_error(layout)
        };
        // SAFETY: freshly allocated, large and aligned enough for the header.
        unsafe {
            header.as_ptr().write(Header {
                count: Cell::new(1),
                hash: Cell::new(0),
                len,
            })
        };
        header
    }

    /// Where the items start: after the header, rounded up to the items' alignment (what
    /// [`Layout::extend`] gives, a constant here so that reading a list computes nothing).
    const OFFSET: usize = {
        let align = std::mem::align_of::<T>();
        std::mem::size_of::<Header>().div_ceil(align) * align
    };

    /// Where the items of the allocation at `header` start.
    fn items_of(header: NonNull<Header>) -> *mut T {
        // SAFETY: the offset is inside the allocation (the items start there, or it ends
        // there when there are none).
        unsafe { header.as_ptr().cast::<u8>().add(Self::OFFSET).cast::<T>() }
    }

    fn header(&self) -> &Header {
        // SAFETY: the allocation lives while a `List` points to it.
        unsafe { self.header.as_ref() }
    }

    /// The list of exactly `len` items drawn from `items`. An iterator that gives fewer
    /// panics (a bug in the caller, never bad input); items past `len` are not drawn.
    fn from_exact(len: usize, mut items: impl Iterator<Item = T>) -> Self {
        match List::try_from_fn(len, |_| items.next().ok_or(())) {
            Ok(list) => list,
            Err(()) => panic!("an iterator gave fewer than the {len} items it promised"),
        }
    }

    /// The list of `len` items made by `item(0)`, `item(1)`, ... in order, written in place
    /// (a tuple's parts evaluated straight into it: one allocation, no vector first). The
    /// first error stops it: the items made so far are dropped and the error returned.
    pub fn try_from_fn<E>(
        len: usize,
        mut item: impl FnMut(usize) -> Result<T, E>,
    ) -> Result<Self, E> {
        let header = Self::allocate(len);
        let start = Self::items_of(header);
        for i in 0..len {
            match item(i) {
                // SAFETY: item `i` is inside the allocation and not written yet.
                Ok(x) => unsafe { start.add(i).write(x) },
                Err(e) => {
                    // SAFETY: the first `i` items were written; they are dropped and the
                    // allocation, made with this layout, is freed.
                    unsafe {
                        ptr::drop_in_place(ptr::slice_from_raw_parts_mut(start, i));
                        dealloc(header.as_ptr().cast(), Self::layout(len).0);
                    }
                    return Err(e);
                }
            }
        }
        Ok(List {
            header,
            items: PhantomData,
        })
    }

    /// Whether `a` and `b` are one allocation (not only equal contents).
    pub fn ptr_eq(a: &Self, b: &Self) -> bool {
        a.header == b.header
    }

    /// The allocation's address: it names the list while the list is alive.
    pub fn addr(&self) -> usize {
        self.header.as_ptr() as usize
    }
}

impl<T> List<T> {
    /// The list of `len` items made by `item(0)`, `item(1)`, ... in order.
    pub fn from_fn(len: usize, mut item: impl FnMut(usize) -> T) -> Self {
        match List::try_from_fn(len, |k| Ok::<T, ()>(item(k))) {
            Ok(list) => list,
            Err(()) => unreachable!("making an item never fails"),
        }
    }
}

impl<T: Hash> List<T> {
    /// The hash a list of `items` has ([`List::content_hash`]): FxHash of the slice, as the
    /// boxed slice a list replaces hashed, never 0 (0 marks a hash not computed yet).
    pub fn hash_of(items: &[T]) -> u64 {
        let mut h = rustc_hash::FxHasher::default();
        items.hash(&mut h);
        h.finish().max(1)
    }

    /// The list of `len` items made by `item(0)`, `item(1)`, ... with the content's hash
    /// already known to the caller (`hash`, as [`List::content_hash`] computes it).
    pub fn from_fn_hashed(len: usize, hash: u64, mut item: impl FnMut(usize) -> T) -> Self {
        let list = List::from_fn(len, &mut item);
        list.header().hash.set(hash.max(1));
        debug_assert_eq!(
            List::hash_of(&list[..]),
            list.content_hash(),
            "the hash given is the content's"
        );
        list
    }

    /// The hash of the content ([`List::hash_of`] its items), computed the first time and
    /// then read.
    pub fn content_hash(&self) -> u64 {
        let known = self.header().hash.get();
        if known != 0 {
            return known;
        }
        let hash = List::hash_of(&self[..]);
        self.header().hash.set(hash);
        hash
    }
}

impl<T> Deref for List<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `len` items were written at the start of the items and live as long as
        // the allocation.
        unsafe { &*ptr::slice_from_raw_parts(Self::items_of(self.header), self.header().len) }
    }
}

impl<T> AsRef<[T]> for List<T> {
    fn as_ref(&self) -> &[T] {
        self
    }
}

impl<T> Clone for List<T> {
    fn clone(&self) -> Self {
        let count = self.header().count.get();
        // As `Rc` does: a count that would wrap cannot be reached with memory to spare, but
        // wrapping would free a live list.
        let Some(more) = count.checked_add(1) else {
            std::process::abort()
        };
        self.header().count.set(more);
        List {
            header: self.header,
            items: PhantomData,
        }
    }
}

impl<T> Drop for List<T> {
    fn drop(&mut self) {
        let count = self.header().count.get() - 1;
        if count > 0 {
            self.header().count.set(count);
            return;
        }
        let len = self.header().len;
        // SAFETY: the last list of the allocation: its items are dropped once, then the
        // allocation is freed with the layout it was made with.
        unsafe {
            ptr::drop_in_place(ptr::slice_from_raw_parts_mut(
                Self::items_of(self.header),
                len,
            ));
            dealloc(self.header.as_ptr().cast(), Self::layout(len).0);
        }
    }
}

impl<T: PartialEq> PartialEq for List<T> {
    fn eq(&self, other: &Self) -> bool {
        super::value::cached_hash_eq(
            List::ptr_eq(self, other),
            (self.header().hash.get(), other.header().hash.get()),
            || self[..] == other[..],
        )
    }
}

impl<T: Eq> Eq for List<T> {}

impl<T: Ord> PartialOrd for List<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<T: Ord> Ord for List<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        if List::ptr_eq(self, other) {
            return std::cmp::Ordering::Equal;
        }
        self[..].cmp(&other[..])
    }
}

impl<T: Hash> Hash for List<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.content_hash())
    }
}

impl<T: fmt::Debug> fmt::Debug for List<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self[..].fmt(f)
    }
}

impl<T> From<Vec<T>> for List<T> {
    fn from(items: Vec<T>) -> Self {
        let len = items.len();
        List::from_exact(len, items.into_iter())
    }
}

impl<T: Clone> From<&[T]> for List<T> {
    fn from(items: &[T]) -> Self {
        List::from_exact(items.len(), items.iter().cloned())
    }
}

impl<T, const N: usize> From<[T; N]> for List<T> {
    fn from(items: [T; N]) -> Self {
        List::from_exact(N, items.into_iter())
    }
}

/// The most items a list of an iterator of unknown length makes room for before gathering
/// them (a 16 x 16 board's points): more only as they come.
const GATHER_ROOM: usize = 256;

impl<T> FromIterator<T> for List<T> {
    /// One allocation when the iterator knows its length (a range, a slice mapped), else the
    /// items are gathered first: into room for all of them at once when the iterator bounds
    /// them by a few hundred (the points of a board filtered, as the built-ins that make sets
    /// of points do), instead of growing a vector four or five times a set.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let iter = iter.into_iter();
        match iter.size_hint() {
            (low, Some(high)) if low == high => List::from_exact(low, iter),
            (_, high) => {
                let mut items = Vec::with_capacity(high.unwrap_or(0).min(GATHER_ROOM));
                items.extend(iter);
                List::from(items)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;

    /// Counts its drops, to see that every item is dropped once and only when the last list
    /// sharing it goes.
    #[derive(Clone)]
    struct Counted(Rc<Cell<usize>>);

    impl Drop for Counted {
        fn drop(&mut self) {
            self.0.set(self.0.get() + 1);
        }
    }

    #[test]
    fn items_are_dropped_once_when_the_last_list_goes() {
        let drops = Rc::new(Cell::new(0));
        let list: List<Counted> = (0..3).map(|_| Counted(drops.clone())).collect();
        let shared = list.clone();
        assert!(List::ptr_eq(&list, &shared));
        assert_eq!(shared.len(), 3);
        drop(list);
        assert_eq!(drops.get(), 0);
        drop(shared);
        assert_eq!(drops.get(), 3);
    }

    /// Iterators of unknown length (filtered, as sets of points are made), bounded by fewer
    /// items than the room gathered at once, by more, and by nothing, and an empty one.
    #[test]
    fn filtered_iterators_give_their_items_in_order() {
        for n in [0usize, 10, GATHER_ROOM, GATHER_ROOM + 1, 4 * GATHER_ROOM] {
            let list: List<usize> = (0..n).filter(|i| i % 3 != 1).collect();
            let expected: Vec<usize> = (0..n).filter(|i| i % 3 != 1).collect();
            assert_eq!(&list[..], &expected[..], "{n}");
        }
        let unbounded: List<usize> =
            std::iter::successors(Some(1usize), |&i| (i < 3 * GATHER_ROOM).then_some(i + 1))
                .collect();
        assert_eq!(unbounded.len(), 3 * GATHER_ROOM);
        assert_eq!(unbounded.last(), Some(&(3 * GATHER_ROOM)));
        let none: List<usize> = (0..5).filter(|_| false).collect();
        assert!(none.is_empty());
    }

    #[test]
    fn every_way_of_building_holds_the_items_in_order() {
        let from_vec = List::from(vec![1u64, 2, 3]);
        let from_slice = List::from(&[1u64, 2, 3][..]);
        let from_array = List::from([1u64, 2, 3]);
        let exact: List<u64> = (1..=3).collect();
        let filtered: List<u64> = (0..7).filter(|i| (1..=3).contains(i)).collect();
        let made = List::try_from_fn(3, |i| Ok::<u64, ()>(i as u64 + 1)).expect("no error");
        for l in [&from_slice, &from_array, &exact, &filtered, &made] {
            assert_eq!(&l[..], &[1, 2, 3]);
            assert_eq!(*l, from_vec);
            assert!(!List::ptr_eq(l, &from_vec));
            assert_eq!(l.content_hash(), from_vec.content_hash());
        }
        let empty: List<u64> = List::from(Vec::new());
        assert!(empty.is_empty());
        assert_ne!(empty, from_vec);
        assert!(empty < from_vec);
        // Items of a wider alignment than the header's fields need.
        let wide = List::from([1u128, u128::MAX]);
        assert_eq!(wide[1], u128::MAX);
        assert_eq!(wide.as_ptr() as usize % std::mem::align_of::<u128>(), 0);
    }

    #[test]
    fn the_content_hash_is_the_slice_hash_it_always_was() {
        // Kept equal to the hash of the boxed slice it replaces, so that tables keyed by
        // values see the same hashes as before.
        let items: Box<[u64]> = Box::new([4, 5, 6]);
        let mut h = rustc_hash::FxHasher::default();
        items.hash(&mut h);
        assert_eq!(List::from([4u64, 5, 6]).content_hash(), h.finish().max(1));
    }

    #[test]
    fn an_error_while_making_the_items_drops_those_made() {
        let drops = Rc::new(Cell::new(0));
        let made = List::try_from_fn(4, |i| {
            if i < 2 {
                Ok(Counted(drops.clone()))
            } else {
                Err(i)
            }
        });
        assert_eq!(made.err(), Some(2));
        assert_eq!(drops.get(), 2);
    }

    #[test]
    #[should_panic(expected = "promised")]
    fn an_iterator_that_gives_less_than_it_promised_panics() {
        struct Liar(u32);
        impl Iterator for Liar {
            type Item = String;
            fn next(&mut self) -> Option<String> {
                self.0 += 1;
                (self.0 <= 2).then(|| self.0.to_string())
            }
            fn size_hint(&self) -> (usize, Option<usize>) {
                (5, Some(5))
            }
        }
        let _: List<String> = Liar(0).collect();
    }
}
