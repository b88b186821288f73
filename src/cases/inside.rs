//! Whether a path a case writes to stays inside its case file's folder: `lingeo test` holds
//! the outputs of its commands (`--svg`, `--dot`, `--out`) and the snapshots it writes with
//! `--bless` to that folder, unless told otherwise.

use std::path::{Component, Path, PathBuf};

/// Why a path leads out of its folder.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Outside {
    /// The path is absolute.
    #[error("an absolute path")]
    Absolute,
    /// The folder itself cannot be resolved.
    #[error("the folder {folder} cannot be resolved: {message}")]
    Folder {
        /// The folder.
        folder: PathBuf,
        /// What the system said.
        message: String,
    },
    /// A symbolic link on the way leads nowhere (writing through it would create its target,
    /// wherever that is).
    #[error("{link} is a symbolic link to nowhere")]
    Dangling {
        /// The link.
        link: PathBuf,
    },
    /// A `..` leads out of the folder.
    #[error("`..` leads out of it, to {to}")]
    Parent {
        /// Where the path leads.
        to: PathBuf,
    },
    /// A symbolic link leads out of the folder.
    #[error("a symbolic link leads out of it, to {to}")]
    Link {
        /// Where the path leads.
        to: PathBuf,
    },
}

/// Whether `path`, taken from the folder `base`, stays inside it once `..` and symbolic links
/// are resolved; if not, why. The longest part of the path that exists (a symbolic link
/// counts, even a dangling one) is resolved by the file system; the rest, not there yet, is
/// taken as written.
pub fn inside(base: &Path, path: &Path) -> Result<(), Outside> {
    if path.has_root() || path.components().any(|c| matches!(c, Component::Prefix(_))) {
        return Err(Outside::Absolute);
    }
    let base = match base {
        dir if dir.as_os_str().is_empty() => Path::new("."),
        dir => dir,
    };
    let root = base.canonicalize().map_err(|e| Outside::Folder {
        folder: base.to_path_buf(),
        message: e.to_string(),
    })?;
    let full = base.join(path);
    let mut existing = full.as_path();
    let mut rest = Vec::new();
    while existing.symlink_metadata().is_err() {
        match (existing.parent(), existing.components().next_back()) {
            (Some(parent), Some(last)) => {
                rest.push(last);
                existing = parent;
            }
            _ => break,
        }
    }
    let mut resolved = existing.canonicalize().map_err(|_| Outside::Dangling {
        link: existing.to_path_buf(),
    })?;
    for part in rest.into_iter().rev() {
        match part {
            Component::ParentDir => {
                resolved.pop();
            }
            Component::Normal(name) => resolved.push(name),
            _ => {}
        }
    }
    if resolved.starts_with(&root) {
        Ok(())
    } else if path.components().any(|c| c == Component::ParentDir) {
        Err(Outside::Parent { to: resolved })
    } else {
        Err(Outside::Link { to: resolved })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_stay_inside_the_folder() {
        let dir = std::env::temp_dir().join(format!("lingeo-inside-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        assert_eq!(inside(&dir, Path::new("x.svg")), Ok(()));
        assert_eq!(inside(&dir, Path::new("sub/../new/x.svg")), Ok(()));
        assert_eq!(inside(&dir, Path::new("new/deeper/x.svg")), Ok(()));
        assert_eq!(
            inside(&dir, Path::new("/tmp/x.svg")),
            Err(Outside::Absolute)
        );
        let e = inside(&dir, Path::new("../x.svg")).unwrap_err();
        assert!(matches!(e, Outside::Parent { .. }), "{e}");
        assert!(e.to_string().contains("`..`"), "{e}");
        assert!(inside(&dir, Path::new("new/../../x.svg")).is_err());
        #[cfg(unix)]
        {
            let outside = std::env::temp_dir();
            std::os::unix::fs::symlink(&outside, dir.join("out")).unwrap();
            std::os::unix::fs::symlink(dir.join("nowhere"), dir.join("dangling.svg")).unwrap();
            let e = inside(&dir, Path::new("out/x.svg")).unwrap_err();
            assert!(matches!(e, Outside::Link { .. }), "{e}");
            assert!(e.to_string().contains("symbolic link"), "{e}");
            assert!(matches!(
                inside(&dir, Path::new("dangling.svg")),
                Err(Outside::Dangling { .. })
            ));
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
